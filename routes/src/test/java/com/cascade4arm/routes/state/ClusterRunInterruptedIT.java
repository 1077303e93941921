package com.cascade4arm.routes.state;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.db.PostgresServer;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static com.cascade4arm.routes.state.ClusterRulesIT.TOKEN;
import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A benchmark run whose replica is killed (kill -9: no goodbye) does not stay "running" forever in the shared
 * history: once its heartbeat is stale, another replica marks it interrupted, with the reason, for every replica to see.
 */
class ClusterRunInterruptedIT {
    private static final long STALE_MS = 2_000;
    private static final Duration STARTUP = Duration.ofSeconds(150);
    private static final Duration BOUND = Duration.ofSeconds(60);

    @Test
    void aRunOfAKilledReplicaIsMarkedInterruptedByAnotherOne() throws Exception {
        // 40 ms per token x 8 tokens x 500 requests: the run is far from done when its replica dies.
        ResponderBehaviour slow = ResponderBehaviour.INSTANT.withChunkDelayMs(40);
        try (PostgresServer db = PostgresServer.start(); InstantResponder upstream = InstantResponder.start(0, slow)) {
            Path log = Files.createTempFile("cascade-owner-", ".log");
            Process owner = ownerReplica(db, upstream, log);
            try (RoutesGateway observer = RoutesGateway.builder().withRuleStore()
                    .pools(upstream.baseUrl(), upstream.baseUrl()).properties(db.storeProperties("observer"))
                    .property("cascade.store.run-stale-ms", String.valueOf(STALE_MS))
                    .property("cascade.admin.token", TOKEN).start()) {
                HttpTestClient ownerHttp = new HttpTestClient(URI.create("http://127.0.0.1:" + awaitReady(owner, log)));
                HttpTestClient.Response started = ownerHttp.postAuthorized("/api/bench/runs",
                        "{\"prompts\": 1, \"levels\": [1], \"requests_per_level\": 500, \"max_tokens\": 8}", TOKEN);
                assertThat(started.status()).as(started.body()).isEqualTo(202);
                String id = started.json().path("id").asText();
                Awaitility.await("the observer sees the run running").atMost(BOUND).pollInterval(Duration.ofMillis(200))
                        .until(() -> status(observer, id).path("status").asText().equals("running")
                                && status(observer, id).path("done").asInt() > 0);
                // Alive for longer than the stale period: the owner's heartbeat keeps its run running.
                Awaitility.await("a live owner's run stays running").during(Duration.ofMillis(2 * STALE_MS))
                        .atMost(Duration.ofMillis(4 * STALE_MS)).pollInterval(Duration.ofMillis(200))
                        .until(() -> status(observer, id).path("status").asText().equals("running"));

                owner.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // SIGKILL: its run never ends by itself
                long killedAt = System.nanoTime();
                Awaitility.await("the run marked interrupted").atMost(BOUND).pollInterval(Duration.ofMillis(100))
                        .until(() -> status(observer, id).path("status").asText().equals("interrupted"));
                long markedMs = (System.nanoTime() - killedAt) / 1_000_000;

                JsonNode run = status(observer, id);
                assertThat(run.path("error").asText()).contains("replica owner", "heartbeat", "marked by replica observer");
                assertThat(run.path("ended_at").asText()).isNotBlank();
                JsonNode listed = json(observer.get("/api/bench/runs"));
                assertThat(listed.toString()).contains("\"interrupted\"");
                System.out.printf("run %s of the killed replica marked interrupted %d ms after kill -9 (stale after %d ms)%n",
                        id, markedMs, STALE_MS);
            } finally {
                owner.destroyForcibly();
            }
        }
    }

    private static JsonNode status(RoutesGateway gateway, String id) {
        HttpResponse<String> response = gateway.get("/api/bench/runs/" + id);
        return response.statusCode() == 200 ? json(response) : json(gateway.get("/health"));
    }

    private static Process ownerReplica(PostgresServer db, InstantResponder upstream, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-cp", System.getProperty("java.class.path"), ReplicaMain.class.getName()));
        Map<String, String> properties = db.storeProperties("owner");
        properties.put("cascade.small.urls", upstream.baseUrl());
        properties.put("cascade.large.urls", upstream.baseUrl());
        properties.put("cascade.admin.token", TOKEN);
        properties.put("cascade.data-dir", Files.createTempDirectory("cascade-owner-").toString());
        properties.forEach((key, value) -> command.add(key + "=" + value));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The owner's port, once it printed READY. */
    private static int awaitReady(Process process, Path log) throws IOException {
        Awaitility.await("owner replica ready (log " + log + ")").atMost(STARTUP).pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    if (!process.isAlive()) {
                        throw new AssertionError("replica exited: " + Files.readString(log));
                    }
                    return Files.readString(log).contains("READY ");
                });
        return Integer.parseInt(Files.readString(log).replaceAll("(?s).*READY (\\d+).*", "$1"));
    }
}
