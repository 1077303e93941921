package com.cascade4arm.app.starts;

import com.cascade4arm.app.hardening.ChildJvm;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.testing.db.PostgresServer;
import com.cascade4arm.testing.gateway.GatewayHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * deploy/systemd's gateway unit started in its own shape: its ExecStart command line, with exactly the variables of
 * its EnvironmentFile(s) from deploy/systemd/ (a service gets no caller's environment), stopped by its KillSignal
 * within its TimeoutStopSec. Only what names this machine's places is replaced, each with its reason below; the
 * shared PostgreSQL, the Quartz schedule, the admin token and the 0.0.0.0 bind stay as the file ships them.
 */
class SystemdUnitIT {
    private static final Path SYSTEMD = Path.of("").toAbsolutePath().resolveSibling("deploy").resolve("systemd");
    private static final String INSTALLED_JAR = "/opt/cascade4arm/camel-app.jar";
    private static final String INSTALLED_JAVA = "/usr/bin/java";
    private static final String ENV_DIR = "/etc/cascade4arm/";

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void gatewayUnitStartsFromItsEnvironmentFileAndStopsWithinItsTimeout(@TempDir Path state) throws Exception {
        SystemdUnit unit = SystemdUnit.read(SYSTEMD.resolve("cascade-gateway.service"));
        Map<String, String> fromFiles = new LinkedHashMap<>();
        for (String file : unit.environmentFiles()) {
            assertThat(file).as("EnvironmentFile installed from deploy/systemd/").startsWith(ENV_DIR);
            fromFiles.putAll(SystemdUnit.environmentFile(SYSTEMD.resolve(file.substring(ENV_DIR.length()))));
        }
        int port = GatewayHarness.freePort();
        try (PostgresServer db = PostgresServer.start();
             InstantResponder llamaServers = InstantResponder.start(0)) {
            Map<String, String> local = new LinkedHashMap<>();
            local.put("CASCADE_PORT", String.valueOf(port)); // 8080 may be taken on a build machine
            local.put("CASCADE_DATA_DIR", state.resolve("data").toString()); // the box's /var/lib/cascade4arm
            // llama-server@small and @large do not run here: a real HTTP server speaking their API stands in.
            local.put("CASCADE_SMALL_URLS", llamaServers.baseUrl());
            local.put("CASCADE_LARGE_URLS", llamaServers.baseUrl());
            // db.internal does not exist here: a real PostgreSQL on loopback, with its own credentials.
            local.put("CASCADE_DB_URL", db.jdbcUrl());
            local.put("CASCADE_DB_USER", "postgres");
            local.put("CASCADE_DB_PASSWORD", "postgres");
            assertThat(fromFiles).as("the unit's environment file still sets what this test points elsewhere")
                    .containsKeys(local.keySet().toArray(String[]::new));
            Map<String, String> environment = new LinkedHashMap<>(fromFiles);
            environment.putAll(local);
            List<String> command = unit.execStart(environment).stream()
                    // The build's JDK (CI's /usr/bin/java may be another or none) and the jar this build packaged.
                    .map(word -> word.equals(INSTALLED_JAVA) ? PackagedApp.java()
                            : word.equals(INSTALLED_JAR) ? PackagedApp.jar().toString() : word).toList();
            assertThat(command).as("ExecStart runs java -jar the installed jar").contains(PackagedApp.java(), "-jar",
                    PackagedApp.jar().toString());
            // systemd's own variables for a service; nothing of the caller's environment.
            Map<String, String> service = new LinkedHashMap<>(environment);
            service.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
            service.put("HOME", System.getProperty("user.home"));
            Path workDir = Files.createDirectories(state.resolve("work")); // WorkingDirectory=/var/lib/cascade4arm
            assertThat(unit.one("KillSignal")).as("how systemd stops it").isEqualTo("SIGTERM");

            try (ChildJvm app = ChildJvm.startCommand(command, service, workDir, state.resolve("app.log"))) {
                URI base = PackagedApp.localUrl(port);
                PackagedApp.awaitHealthy(app, base, PackagedApp.STAND_IN_READY_WITHIN);
                PackagedApp.assertChatAnswers(base);
                assertThat(app.output()).as("start-up log").doesNotContain("JIT warm-up failed");
                assertThat(PackagedApp.occurrences(app, "JIT warm-up:")).as("warm-ups").isEqualTo(1);
                try (Connection watcher = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres")) {
                    assertThat(QuickStartIT.clientConnections(watcher)).as("its store is the shared database")
                            .anyMatch(name -> name.startsWith("cascade4arm "));
                }

                long terminatedAt = System.nanoTime();
                app.terminate();
                assertThat(app.awaitExit(Duration.ofSeconds(unit.timeoutStopSec())))
                        .as(() -> "exited within TimeoutStopSec, before systemd's SIGKILL:\n" + app.output()).isTrue();
                System.out.printf("[systemd unit] healthy on PostgreSQL, chat answered, exited %d ms after SIGTERM"
                        + " (TimeoutStopSec %d s)%n", (System.nanoTime() - terminatedAt) / 1_000_000,
                        unit.timeoutStopSec());
            }
        }
    }
}
