package com.cascade4arm.routes.state;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.db.PostgresServer;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_LARGE;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_SMALL;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.candidate;
import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/** Three gateway replicas on one real PostgreSQL: activations reach every replica, stale bases lose, one history. */
class ClusterRulesIT {
    static final String TOKEN = "cluster-test-token";
    /** Activations measured; -Dcluster.activations=50 for the figure in the README. */
    private static final int ACTIVATIONS = Integer.getInteger("cluster.activations", 10);
    /**
     * Generous bound for a loaded shared machine; the reconcile poll is set to 10 minutes, so only the NOTIFY can
     * make it. The goal (under 1 s) is what the printed p50/max show.
     */
    private static final Duration PROPAGATION_BOUND = Duration.ofSeconds(10);
    private static PostgresServer db;
    private static InstantResponder upstream;
    private static final List<RoutesGateway> replicas = new ArrayList<>();

    @BeforeAll
    static void startCluster() {
        db = PostgresServer.start();
        upstream = InstantResponder.start(0);
        for (String name : List.of("a", "b", "c")) {
            replicas.add(replica(db, upstream, name));
        }
    }

    static RoutesGateway replica(PostgresServer db, InstantResponder upstream, String name) {
        return RoutesGateway.builder().withRuleStore().pools(upstream.baseUrl(), upstream.baseUrl())
                .properties(db.storeProperties(name)).property("cascade.admin.token", TOKEN)
                .property("cascade.store.reconcile-ms", "600000").start();
    }

    @AfterAll
    static void stopCluster() {
        replicas.forEach(RoutesGateway::close);
        upstream.close();
        db.close();
    }

    static long routedVersion(RoutesGateway replica) {
        return json(replica.post("/api/route", "{\"prompt\":\"Hello!\"}")).path("rules_version").asLong();
    }

    static long activeVersion(RoutesGateway replica) {
        return json(replica.get("/api/rules")).path("version").asLong();
    }

    @Test
    void activationOnOneReplicaIsUsedByTheOthersThroughTheNotification() {
        RoutesGateway a = replicas.get(0);
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < ACTIVATIONS; i++) {
            HttpResponse<String> put = a.put("/api/rules", candidate(i % 2 == 0 ? ALL_LARGE : ALL_SMALL, null), TOKEN);
            long answered = System.nanoTime();
            assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
            long version = json(put).path("version").asLong();
            for (RoutesGateway other : replicas.subList(1, 3)) {
                Awaitility.await("replica sees version " + version).atMost(PROPAGATION_BOUND)
                        .pollInterval(Duration.ofMillis(5)).until(() -> routedVersion(other) == version);
            }
            millis.add((System.nanoTime() - answered) / 1_000_000);
            assertThat(json(replicas.get(2).chat("Hello!")).path("cascade").path("route").asText())
                    .isEqualTo(i % 2 == 0 ? "large" : "small");
        }
        Collections.sort(millis);
        System.out.printf("rules propagation to 2 other replicas over %d activations: p50 %d ms, max %d ms%n",
                ACTIVATIONS, millis.get(millis.size() / 2), millis.get(millis.size() - 1));
    }

    @Test
    void concurrentActivationsWithTheSameBaseOneWinsTheOtherGets409() throws Exception {
        RoutesGateway a = replicas.get(0);
        RoutesGateway b = replicas.get(1);
        long base = activeVersion(a);
        CountDownLatch go = new CountDownLatch(1);
        CompletableFuture<HttpResponse<String>> onA = CompletableFuture.supplyAsync(() -> {
            await(go);
            return a.put("/api/rules", candidate(ALL_LARGE, base), TOKEN);
        });
        CompletableFuture<HttpResponse<String>> onB = CompletableFuture.supplyAsync(() -> {
            await(go);
            return b.put("/api/rules", candidate(ALL_SMALL, base), TOKEN);
        });
        go.countDown();
        List<Integer> statuses = List.of(onA.get().statusCode(), onB.get().statusCode());
        assertThat(statuses).as(onA.get().body() + " / " + onB.get().body()).containsExactlyInAnyOrder(200, 409);
        HttpResponse<String> loser = onA.get().statusCode() == 409 ? onA.get() : onB.get();
        assertThat(json(loser).path("error").path("code").asText()).isEqualTo("stale_base_version");
        assertThat(json(loser).path("current_version").asLong()).isEqualTo(base + 1);
    }

    @Test
    void everyReplicaShowsTheSameRulesHistory() {
        replicas.get(1).put("/api/rules", candidate(ALL_SMALL, null), TOKEN);
        JsonNode first = json(replicas.get(0).get("/api/rules/history"));
        for (RoutesGateway replica : replicas) {
            assertThat(json(replica.get("/api/rules/history"))).isEqualTo(first);
        }
        assertThat(first.path("data").size()).isGreaterThan(1);
    }

    @Test
    void benchmarkHistoryIsTheSameFromEveryReplicaAndARunIsCancelledFromAnother() {
        RoutesGateway a = replicas.get(0);
        RoutesGateway b = replicas.get(1);
        HttpResponse<String> small = a.post("/api/bench/runs",
                "{\"prompts\":1,\"levels\":[1],\"requests_per_level\":2,\"max_tokens\":8}", TOKEN);
        assertThat(small.statusCode()).as(small.body()).isEqualTo(202);
        String finished = json(small).path("id").asText();
        for (RoutesGateway replica : replicas) {
            // Another replica answers 404 until the owner's first copy to the database (every 0.5 s).
            Awaitility.await("run " + finished + " done as seen from every replica").atMost(PROPAGATION_BOUND)
                    .ignoreExceptionsInstanceOf(AssertionError.class)
                    .pollInterval(Duration.ofMillis(50)).until(() -> replica.run(finished).path("status").asText().equals("done"));
        }
        assertThat(b.get("/api/bench/runs/" + finished + "/rows.csv").body())
                .isEqualTo(a.get("/api/bench/runs/" + finished + "/rows.csv").body()).contains("\n");
        upstream.behaviour(com.cascade4arm.standins.upstream.ResponderBehaviour.INSTANT.withFirstByteDelayMs(200));
        try {
            HttpResponse<String> big = a.post("/api/bench/runs",
                    "{\"prompts\":5,\"levels\":[1],\"requests_per_level\":100,\"max_tokens\":8}", TOKEN);
            assertThat(big.statusCode()).as(big.body()).isEqualTo(202);
            String running = json(big).path("id").asText();
            Awaitility.await("b sees the run").atMost(PROPAGATION_BOUND).pollInterval(Duration.ofMillis(50))
                    .until(() -> b.get("/api/bench/runs/" + running).statusCode() == 200);
            HttpResponse<String> cancel = b.delete("/api/bench/runs/" + running, TOKEN);
            assertThat(cancel.statusCode()).as(cancel.body()).isEqualTo(200);
            for (RoutesGateway replica : replicas) {
                Awaitility.await("cancelled as seen from every replica").atMost(PROPAGATION_BOUND)
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> replica.run(running).path("status").asText().equals("cancelled"));
            }
        } finally {
            upstream.behaviour(com.cascade4arm.standins.upstream.ResponderBehaviour.INSTANT);
        }
        List<String> ids = a.runIds();
        assertThat(b.runIds()).isEqualTo(ids);
        assertThat(replicas.get(2).runIds()).isEqualTo(ids).hasSizeGreaterThanOrEqualTo(2);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
