package com.cascade4arm.routes.state;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.db.PostgresServer;
import com.cascade4arm.standins.upstream.InstantResponder;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import static com.cascade4arm.routes.state.ClusterRulesIT.TOKEN;
import static com.cascade4arm.routes.state.ClusterRulesIT.routedVersion;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_LARGE;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_SMALL;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.candidate;
import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/** The shared database down at start, and lost and back while the gateway serves chat. */
class ClusterFailureIT {
    private static final Duration RECOVERY_BOUND = Duration.ofSeconds(30);
    private static final int CLIENTS = 3;

    private static RoutesGateway replica(PostgresServer db, InstantResponder upstream, Path dataDir) {
        return RoutesGateway.builder().withRuleStore().pools(upstream.baseUrl(), upstream.baseUrl())
                .properties(db.storeProperties("r1")).property("cascade.admin.token", TOKEN)
                .property("cascade.data-dir", dataDir.toString()).start();
    }

    @Test
    void startsOnTheCachedRulesWhenTheDatabaseIsDownAndCatchesUpWhenItReturns(@TempDir Path dataDir) {
        try (PostgresServer db = PostgresServer.start(); InstantResponder upstream = InstantResponder.start(0)) {
            long cached;
            try (RoutesGateway gateway = replica(db, upstream, dataDir)) {
                HttpResponse<String> put = gateway.put("/api/rules", candidate(ALL_LARGE, null), TOKEN);
                assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
                cached = json(put).path("version").asLong();
            }
            db.stop();
            try (RoutesGateway gateway = replica(db, upstream, dataDir)) {
                var health = json(gateway.get("/health"));
                assertThat(health.path("status").asText()).isEqualTo("degraded");
                assertThat(health.path("store").path("rules_source").asText()).contains("local cache");
                assertThat(routedVersion(gateway)).isEqualTo(cached);
                assertThat(json(gateway.chat("Hello!")).path("cascade").path("route").asText()).isEqualTo("large");
                HttpResponse<String> refused = gateway.put("/api/rules", candidate(ALL_SMALL, null), TOKEN);
                assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
                assertThat(json(refused).path("error").path("code").asText()).isEqualTo("store_unavailable");
                assertThat(refused.headers().firstValue("Retry-After")).isPresent();

                db.startAgain();
                Awaitility.await("health ok again").atMost(RECOVERY_BOUND).pollInterval(Duration.ofMillis(100))
                        .until(() -> json(gateway.get("/health")).path("status").asText().equals("ok"));
                HttpResponse<String> accepted = gateway.put("/api/rules", candidate(ALL_SMALL, cached), TOKEN);
                assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
            }
        }
    }

    @Test
    void keepsRoutingWhileTheDatabaseIsLostRefusesEditsAndResumesAfter(@TempDir Path dataDir) throws Exception {
        try (PostgresServer db = PostgresServer.start(); InstantResponder upstream = InstantResponder.start(0);
             RoutesGateway gateway = replica(db, upstream, dataDir)) {
            List<Integer> statuses = new CopyOnWriteArrayList<>();
            AtomicBoolean loading = new AtomicBoolean(true);
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<?>> load = new java.util.ArrayList<>();
                for (int i = 0; i < CLIENTS; i++) {
                    load.add(clients.submit(() -> {
                        while (loading.get()) {
                            statuses.add(gateway.chat("Hello!").statusCode());
                        }
                    }));
                }
                Awaitility.await().atMost(RECOVERY_BOUND).until(() -> statuses.size() > 20);
                db.stop();
                Awaitility.await("edits refused while the database is down").atMost(RECOVERY_BOUND)
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> gateway.put("/api/rules", candidate(ALL_LARGE, null), TOKEN).statusCode() == 503);
                Awaitility.await("health degraded").atMost(RECOVERY_BOUND).pollInterval(Duration.ofMillis(100))
                        .until(() -> json(gateway.get("/health")).path("status").asText().equals("degraded"));
                int beforeRestart = statuses.size();
                Awaitility.await().atMost(RECOVERY_BOUND).until(() -> statuses.size() > beforeRestart + 20);
                db.startAgain();
                Awaitility.await("edits accepted again").atMost(RECOVERY_BOUND).pollInterval(Duration.ofMillis(200))
                        .until(() -> gateway.put("/api/rules", candidate(ALL_LARGE, null), TOKEN).statusCode() == 200);
                Awaitility.await("health ok").atMost(RECOVERY_BOUND).pollInterval(Duration.ofMillis(100))
                        .until(() -> json(gateway.get("/health")).path("status").asText().equals("ok"));
                loading.set(false);
                for (Future<?> client : load) {
                    client.get();
                }
            } finally {
                loading.set(false);
                clients.shutdownNow();
            }
            assertThat(statuses).as("every chat status while the database went away and came back")
                    .hasSizeGreaterThan(40).containsOnly(200);
            assertThat(json(gateway.chat("Hello!")).path("cascade").path("route").asText()).isEqualTo("large");
        }
    }

    @Test
    void answersRulesReadsFromItsCachedCopyWhileTheDatabaseIsDownAndEditsWithA503(@TempDir Path dataDir) {
        try (PostgresServer db = PostgresServer.start(); InstantResponder upstream = InstantResponder.start(0);
             RoutesGateway gateway = replica(db, upstream, dataDir)) {
            HttpResponse<String> put = gateway.put("/api/rules", candidate(ALL_LARGE, null), TOKEN);
            assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
            long active = json(put).path("version").asLong();
            var liveHistory = json(gateway.get("/api/rules/history"));
            assertThat(liveHistory.has("source")).as("a live read is not marked cached").isFalse();

            db.stop();
            Awaitility.await("edits refused while the database is down").atMost(RECOVERY_BOUND)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> gateway.put("/api/rules", candidate(ALL_SMALL, active), TOKEN).statusCode() == 503);
            HttpResponse<String> refused = gateway.put("/api/rules", candidate(ALL_SMALL, active), TOKEN);
            assertThat(json(refused).path("error").path("code").asText()).isEqualTo("store_unavailable");
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            HttpResponse<String> rollback = gateway.post("/api/rules/rollback/1", "{}", TOKEN);
            assertThat(rollback.statusCode()).as(rollback.body()).isEqualTo(503);

            HttpResponse<String> current = gateway.get("/api/rules");
            assertThat(current.statusCode()).as(current.body()).isEqualTo(200);
            assertThat(json(current).path("version").asLong()).isEqualTo(active);
            assertThat(json(current).path("source").asText()).isEqualTo("cache");
            assertThat(json(current).path("source_note").asText()).contains("unreachable");
            assertThat(json(current).path("files").toString()).contains("large");
            assertThat(json(current).path("rules").size()).as("the serving rule names").isPositive();
            HttpResponse<String> history = gateway.get("/api/rules/history");
            assertThat(history.statusCode()).as(history.body()).isEqualTo(200);
            assertThat(json(history).path("active_version").asLong()).isEqualTo(active);
            assertThat(json(history).path("data")).as("versions as last read").hasSize(liveHistory.path("data").size());
            assertThat(json(history).path("source").asText()).isEqualTo("cache");
            HttpResponse<String> version1 = gateway.get("/api/rules/versions/1");
            assertThat(version1.statusCode()).as(version1.body()).isEqualTo(200);
            assertThat(json(version1).path("version").asLong()).isEqualTo(1);
            HttpResponse<String> unknown = gateway.get("/api/rules/versions/99");
            assertThat(unknown.statusCode()).as("a version not in the copy may exist: not a 404").isEqualTo(503);
            assertThat(json(gateway.chat("Hello!")).path("cascade").path("route").asText()).isEqualTo("large");

            db.startAgain();
            Awaitility.await("reads live again").atMost(RECOVERY_BOUND).pollInterval(Duration.ofMillis(200))
                    .until(() -> !json(gateway.get("/api/rules")).has("source"));
            HttpResponse<String> accepted = gateway.put("/api/rules", candidate(ALL_SMALL, active), TOKEN);
            assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        }
    }
}
