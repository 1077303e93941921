package com.cascade4arm.app.starts;

import com.cascade4arm.app.hardening.ChildJvm;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.testing.db.PostgresServer;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.testing.http.HttpTestClient;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged jar started as the README's quick start and the deployments start it: run.sh's command line with no
 * argument at all, configured by environment variables only, the JIT warm-up on. No harness: nothing is overridden that
 * a user would not set. (The embedded hosts' start with no argument crashed for ~40 commits while every harness-booted
 * test was green; environment variables named like a key leaked into the warm-up's throwaway gateway.)
 */
class QuickStartIT {
    private static final String WARMUP_LINE = "JIT warm-up:";

    @Test
    @Timeout(value = 420, unit = TimeUnit.SECONDS)
    void quickStartWithoutArgumentsServesChatAndStopsOnSigterm(@TempDir Path dataDir) throws Exception {
        int port = GatewayHarness.freePort();
        // The whole configuration: a port that is free (8080 may be taken), a fresh state directory (never the
        // developer's) and an empty model cache, as on a fresh machine: the start generates the demo models, the
        // baseline's last. Everything else as shipped: embedded demo hosts, warm-up on, edge limits, metrics cache.
        Map<String, String> configuration = Map.of("CASCADE_PORT", String.valueOf(port),
                "CASCADE_DATA_DIR", dataDir.toString(), "CASCADE_MODELS_DIR", dataDir.resolve("models").toString());
        try (ChildJvm app = ChildJvm.startCommand(PackagedApp.runShCommand(), PackagedApp.environment(configuration),
                Path.of("").toAbsolutePath().getParent(), dataDir.resolve("app.log"))) {
            URI base = PackagedApp.localUrl(port);
            PackagedApp.awaitHealthy(app, base, PackagedApp.EMBEDDED_READY_WITHIN);

            String log = app.output();
            assertThat(log.indexOf("for 'demo-3b' ready")).as(() -> "the baseline ready before the gateway:\n" + log)
                    .isPositive().isLessThan(log.indexOf("Cascade4Arm ready"));
            PackagedApp.assertCompareAnswers(base); // first: what a user opening the console may well do at once
            PackagedApp.assertChatAnswers(base);
            assertThat(PackagedApp.occurrences(app, WARMUP_LINE)).as(() -> "warm-up lines:\n" + app.output())
                    .isEqualTo(1);
            assertThat(app.output()).as("start-up log").doesNotContain("JIT warm-up failed")
                    .doesNotContain("NullPointerException");
            long exitMs = PackagedApp.terminateAndAwaitExit(app);
            System.out.printf("[quick start] java -jar without arguments: healthy, compare and chat answered, exited %d ms after"
                    + " SIGTERM (status %d)%n", exitMs, app.exitValue());
        }
    }

    @Test
    @Timeout(value = 420, unit = TimeUnit.SECONDS)
    void aTierGivenAUrlKeepsItAndTheEmbeddedHostsServeTheOthers(@TempDir Path dataDir) throws Exception {
        int port = GatewayHarness.freePort();
        // Only the large tier configured (a real HTTP stand-in): the README's "empty -> embedded" per tier. Before,
        // one empty tier made the demo hosts replace every configured URL, silently.
        try (InstantResponder large = InstantResponder.start(0);
             ChildJvm app = ChildJvm.startCommand(PackagedApp.runShCommand(), PackagedApp.environment(Map.of(
                     "CASCADE_PORT", String.valueOf(port), "CASCADE_DATA_DIR", dataDir.toString(),
                     "CASCADE_LARGE_URLS", large.baseUrl())),
                     Path.of("").toAbsolutePath().getParent(), dataDir.resolve("app.log"))) {
            URI base = PackagedApp.localUrl(port);
            PackagedApp.awaitHealthy(app, base, PackagedApp.EMBEDDED_READY_WITHIN);
            HttpTestClient http = new HttpTestClient(base);
            long before = large.chatRequestCount();

            HttpTestClient.Response toLarge = http.post("/v1/chat/completions",
                    HttpTestClient.chat("large", "Compare two sorting algorithms.", 8, false));
            assertThat(toLarge.status()).as(toLarge.body()).isEqualTo(200);
            assertThat(large.chatRequestCount()).as("the configured large URL answered").isEqualTo(before + 1);

            HttpTestClient.Response toSmall = http.post("/v1/chat/completions",
                    HttpTestClient.chat("small", "What is the capital of France?", 8, false));
            assertThat(toSmall.status()).as(toSmall.body()).isEqualTo(200);
            assertThat(toSmall.json().path("cascade").path("route").asText()).isEqualTo("small");
            assertThat(large.chatRequestCount()).as("the small tier is the embedded demo host").isEqualTo(before + 1);
            assertThat(app.output()).as("no demo host for the tier a URL serves")
                    .contains("not started (a configured URL serves it): demo-1.5b");
            PackagedApp.terminateAndAwaitExit(app);
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void warmupRequestsFromTheEnvironmentWarmUpExactlyOnce(@TempDir Path dataDir) throws Exception {
        int port = GatewayHarness.freePort();
        // Upstream URLs (a real HTTP stand-in in this JVM) instead of embedded hosts: no model is needed to see the
        // warm-up run, and with URLs it runs its full count instead of stopping when the hosts are ready.
        try (InstantResponder upstream = InstantResponder.start(0);
             ChildJvm app = ChildJvm.startCommand(PackagedApp.runShCommand(), PackagedApp.environment(Map.of(
                     "CASCADE_PORT", String.valueOf(port), "CASCADE_DATA_DIR", dataDir.toString(),
                     "CASCADE_SMALL_URLS", upstream.baseUrl(), "CASCADE_LARGE_URLS", upstream.baseUrl(),
                     "CASCADE_WARMUP_REQUESTS", "200")),
                     Path.of("").toAbsolutePath().getParent(), dataDir.resolve("app.log"))) {
            URI base = PackagedApp.localUrl(port);
            PackagedApp.awaitHealthy(app, base, PackagedApp.STAND_IN_READY_WITHIN);
            PackagedApp.assertChatAnswers(base);

            assertThat(PackagedApp.occurrences(app, WARMUP_LINE)).as(() -> "warm-up lines:\n" + app.output())
                    .isEqualTo(1);
            assertThat(app.output()).as("the real gateway warmed up with the environment's count, once")
                    .contains("JIT warm-up: 200 of 200 chat requests (200 answered")
                    .doesNotContain("JIT warm-up failed").doesNotContain("JIT warm-up still running");
            PackagedApp.terminateAndAwaitExit(app);
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void postgresStoreFromTheEnvironmentIsTheRealGatewaysOnly(@TempDir Path dataDir) throws Exception {
        int port = GatewayHarness.freePort();
        try (PostgresServer db = PostgresServer.start();
             InstantResponder upstream = InstantResponder.start(0)) {
            // Stand-in upstreams, as above: the store is what this case is about, not the models.
            Map<String, String> configuration = Map.of("CASCADE_PORT", String.valueOf(port),
                    "CASCADE_DATA_DIR", dataDir.toString(),
                    "CASCADE_SMALL_URLS", upstream.baseUrl(), "CASCADE_LARGE_URLS", upstream.baseUrl(),
                    "CASCADE_STORE", "postgres", "CASCADE_DB_URL", db.jdbcUrl(),
                    "CASCADE_DB_USER", "postgres", "CASCADE_DB_PASSWORD", "postgres");
            try (Connection watcher = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres");
                 ChildJvm app = ChildJvm.startCommand(PackagedApp.runShCommand(),
                         PackagedApp.environment(configuration), Path.of("").toAbsolutePath().getParent(),
                         dataDir.resolve("app.log"))) {
                // The real gateway opens its store only after the warm-up ended (and logged its line): a connection
                // seen while that line is not yet in the log was opened by the warm-up's throwaway gateway.
                Set<String> duringWarmup = new TreeSet<>();
                List<Integer> samples = new ArrayList<>();
                Awaitility.await("the JIT warm-up's line").atMost(PackagedApp.STAND_IN_READY_WITHIN)
                        .pollInterval(Duration.ofMillis(50)).until(() -> {
                            Set<String> connections = clientConnections(watcher);
                            if (app.output().contains(WARMUP_LINE)) {
                                return true;
                            }
                            if (!app.alive()) {
                                throw new AssertionError("the application exited:\n" + app.output());
                            }
                            duringWarmup.addAll(connections);
                            samples.add(connections.size());
                            return false;
                        });
                URI base = PackagedApp.localUrl(port);
                PackagedApp.awaitHealthy(app, base, PackagedApp.STAND_IN_READY_WITHIN);
                PackagedApp.assertChatAnswers(base);

                assertThat(samples.size()).as("pg_stat_activity samples taken while the warm-up ran")
                        .isGreaterThanOrEqualTo(3);
                assertThat(duringWarmup).as("connections to the database while the warm-up ran (its throwaway"
                        + " gateway must keep its state to itself)").isEmpty();
                Set<String> real = clientConnections(watcher);
                assertThat(real).as("the real gateway's connections (application_name)")
                        .anyMatch(name -> name.startsWith("cascade4arm "));
                System.out.printf("[quick start, postgres] %d samples during the warm-up: no connection; then %s%n",
                        samples.size(), real);
                PackagedApp.terminateAndAwaitExit(app);
            }
        }
    }

    /** Client connections other than {@code watcher}'s own, each as "pid application_name". */
    static Set<String> clientConnections(Connection watcher) throws SQLException {
        Set<String> connections = new TreeSet<>();
        try (Statement query = watcher.createStatement();
             ResultSet rows = query.executeQuery("select pid, application_name from pg_stat_activity"
                     + " where backend_type = 'client backend' and pid <> pg_backend_pid()")) {
            while (rows.next()) {
                connections.add(rows.getString("application_name") + " (pid " + rows.getInt("pid") + ")");
            }
        }
        return connections;
    }
}
