package com.cascade4arm.app.hardening;

import com.cascade4arm.app.CascadeApp;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.testing.skips.MissingTool;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Ctrl-C on the quick start's one command: the real application with its embedded hosts, each model in a host process
 * of its own, started as a shell starts it (a process group of its own). SIGINT reaches the gateway and every host at
 * once; the gateway must not take its hosts' exit for a crash and start them again, must exit, and must leave no
 * process behind.
 */
class CtrlCIT {
    private static final Duration EMBEDDED_READY_WITHIN = Duration.ofMinutes(3);
    private static final Duration EXIT_WITHIN = Duration.ofSeconds(60);

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void ctrlCStopsTheGatewayAndItsHostProcessesWithoutRestartingThem(@TempDir Path dataDir) throws Exception {
        for (String tool : List.of("setsid", "ps", "kill")) {
            MissingTool.assumePresent(Files.isExecutable(Path.of("/usr/bin", tool)), tool,
                    "/usr/bin/" + tool + " is not installed (util-linux's setsid, procps' ps and kill)");
        }
        assumeTrue(!interruptIgnoredHere(), "this build ignores SIGINT (started in the background of a"
                + " non-interactive shell), and so would the gateway it starts: there is no Ctrl-C to test");
        int port = GatewayHarness.freePort();
        try (ChildJvm gateway = ChildJvm.startInOwnSession(CascadeApp.class, dataDir.resolve("gateway.log"),
                "--camel.server.port=" + port, "--camel.server.host=127.0.0.1", "--cascade.data-dir=" + dataDir,
                "--cascade.warmup.requests=0", "--cascade.embedded.engine=jni",
                "--cascade.embedded.warmup-requests=0")) {
            awaitHealthy(gateway, URI.create("http://127.0.0.1:" + port));
            List<ProcessHandle> started = gateway.descendants();
            assertThat(started).as("the processes it started: three host JVMs (small, large with its draft, baseline)"
                    + " and their watchdogs").hasSizeGreaterThanOrEqualTo(3);
            assertThat(gateway.sessionProcesses()).as("ps sees the session: the gateway and what it started")
                    .hasSizeGreaterThan(started.size());

            long interruptedAt = System.nanoTime();
            gateway.interruptGroup();

            assertThat(gateway.awaitExit(EXIT_WITHIN)).as(() -> "exited after Ctrl-C:\n" + gateway.output()).isTrue();
            long exitMs = (System.nanoTime() - interruptedAt) / 1_000_000;
            Awaitility.await("every process it started gone").atMost(Duration.ofSeconds(10))
                    .until(() -> started.stream().noneMatch(ProcessHandle::isAlive));
            assertThat(gateway.sessionProcesses()).as("processes left in the session").isEmpty();
            assertThat(gateway.output()).as("no host started again").doesNotContain("restart #")
                    .doesNotContain("start 2 of");
            System.out.printf("[ctrl-c] gateway exited %d ms after SIGINT; the %d processes it started are gone%n", exitMs,
                    started.size());
        }
    }

    /** SIGINT's bit (signal 2) in this JVM's ignored-signals mask; children inherit what is ignored. */
    private static boolean interruptIgnoredHere() throws IOException {
        String mask = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(line -> line.startsWith("SigIgn:")).map(line -> line.substring("SigIgn:".length()).trim())
                .findFirst().orElse("0");
        return (Long.parseUnsignedLong(mask, 16) & (1L << 1)) != 0;
    }

    private static void awaitHealthy(ChildJvm gateway, URI base) {
        HttpTestClient http = new HttpTestClient(base);
        Awaitility.await("gateway and embedded hosts ready").atMost(EMBEDDED_READY_WITHIN)
                .pollInterval(Duration.ofMillis(500)).ignoreExceptionsInstanceOf(RuntimeException.class)
                .until(() -> {
                    if (!gateway.alive()) {
                        throw new AssertionError("the gateway exited:\n" + gateway.output());
                    }
                    return http.get("/health").status() == 200;
                });
    }
}
