package com.cascade4arm.app.hardening;

import com.cascade4arm.app.CascadeApp;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM to the real application process (CascadeApp, as systemd and Kubernetes stop it) while a slow answer streams
 * from a real upstream socket: readiness turns 503 at once, a new request gets 503 shutting_down with Retry-After,
 * the answer in flight finishes with all its content and [DONE], and the process ends within the drain timeout.
 */
class GracefulShutdownIT {
    /** 40 chunks x 100 ms: the answer is still streaming seconds after SIGTERM. */
    private static final int CHUNKS = 40;
    private static final long CHUNK_DELAY_MS = 100;
    private static final long DRAIN_TIMEOUT_MS = 20_000;
    /** Camel's own wait for exchanges still in flight after the drain (a cut stream), seconds. */
    private static final int CAMEL_SHUTDOWN_TIMEOUT_S = 2;
    /** Camel's own stop (its timeout included) and the JVM's exit after the drain, on a loaded 2-core machine. */
    private static final Duration EXIT_SLACK = Duration.ofSeconds(CAMEL_SHUTDOWN_TIMEOUT_S + 10);

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void sigtermFinishesTheStreamInFlightRefusesNewRequestsAndExits(@TempDir Path dataDir) throws Exception {
        List<String> chunks = IntStream.range(0, CHUNKS).mapToObj(i -> " word" + i).toList();
        ResponderBehaviour slow = ResponderBehaviour.INSTANT.withContentChunks(chunks).withChunkDelayMs(CHUNK_DELAY_MS);
        int port = GatewayHarness.freePort();
        try (InstantResponder upstream = InstantResponder.start(0, slow);
             ChildJvm gateway = start(dataDir, upstream, port, DRAIN_TIMEOUT_MS)) {
            HttpTestClient http = new HttpTestClient(awaitReady(gateway, port));
            CompletableFuture<HttpTestClient.Stream> inFlight = CompletableFuture.supplyAsync(
                    () -> http.stream(HttpTestClient.chat("small", "Say forty words.", CHUNKS, true)));
            Awaitility.await("the stream reached the upstream").atMost(Duration.ofSeconds(30))
                    .until(() -> upstream.chatRequestCount() >= 1);

            long terminatedAt = System.nanoTime();
            gateway.terminate();

            Awaitility.await("readiness says draining").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                    .until(() -> http.get("/health").status() == 503);
            HttpTestClient.Response health = http.get("/health");
            assertThat(health.json().path("status").asText()).as(health.body()).isEqualTo("draining");
            assertThat(inFlight).as("the stream in flight is still running when readiness fails").isNotDone();

            HttpTestClient.Response refused = http.post("/v1/chat/completions",
                    HttpTestClient.chat("small", "Too late?", 4, false));
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(refused.json().path("error").path("code").asText()).isEqualTo("shutting_down");
            assertThat(refused.json().path("error").path("type").asText()).isEqualTo("unavailable_error");
            assertThat(refused.header("Retry-After")).isNotNull();
            assertThat(upstream.chatRequestCount()).as("the refused request never reached an upstream").isEqualTo(1);

            HttpTestClient.Stream stream = inFlight.get(60, TimeUnit.SECONDS);
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.text()).isEqualTo(String.join("", chunks));
            assertThat(stream.data()).last().isEqualTo("[DONE]");

            assertThat(gateway.awaitExit(Duration.ofMillis(DRAIN_TIMEOUT_MS).plus(EXIT_SLACK)))
                    .as("the process exits after the drain:\n" + gateway.output()).isTrue();
            long exitMs = (System.nanoTime() - terminatedAt) / 1_000_000;
            System.out.printf("graceful shutdown: stream of %d chunks finished, process exited %d ms after SIGTERM%n",
                    CHUNKS, exitMs);
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aStreamLongerThanTheDrainTimeoutIsCutAndTheProcessStillExits(@TempDir Path dataDir) throws Exception {
        long drainMs = 1_500;
        List<String> chunks = IntStream.range(0, 400).mapToObj(i -> " w" + i).toList(); // 400 x 100 ms = 40 s
        ResponderBehaviour slow = ResponderBehaviour.INSTANT.withContentChunks(chunks).withChunkDelayMs(CHUNK_DELAY_MS);
        int port = GatewayHarness.freePort();
        try (InstantResponder upstream = InstantResponder.start(0, slow);
             ChildJvm gateway = start(dataDir, upstream, port, drainMs)) {
            HttpTestClient http = new HttpTestClient(awaitReady(gateway, port));
            CompletableFuture<HttpTestClient.Stream> inFlight = CompletableFuture.supplyAsync(
                    () -> http.stream(HttpTestClient.chat("small", "Say many words.", 400, true)));
            Awaitility.await("the stream reached the upstream").atMost(Duration.ofSeconds(30))
                    .until(() -> upstream.chatRequestCount() >= 1);
            long terminatedAt = System.nanoTime();
            gateway.terminate();

            assertThat(gateway.awaitExit(Duration.ofMillis(drainMs).plus(EXIT_SLACK)))
                    .as("the process exits once the drain timeout passed:\n" + gateway.output()).isTrue();
            long exitMs = (System.nanoTime() - terminatedAt) / 1_000_000;
            assertThat(gateway.output()).contains("Drain timeout (" + drainMs + " ms) reached with 1 request(s)");
            assertThat(exitMs).as("exit after SIGTERM, ms").isGreaterThanOrEqualTo(drainMs);
            // The client sees an answer that ends without [DONE] (or a broken connection), never a hang.
            List<String> data = new ArrayList<>();
            try {
                data.addAll(inFlight.get(30, TimeUnit.SECONDS).data());
            } catch (java.util.concurrent.ExecutionException cut) {
                assertThat(cut.getCause()).isInstanceOfAny(UncheckedIOException.class, IllegalStateException.class);
            }
            assertThat(data).doesNotContain("[DONE]");
            System.out.printf("graceful shutdown with a %d ms drain timeout: exited %d ms after SIGTERM%n", drainMs, exitMs);
        }
    }

    private static ChildJvm start(Path dataDir, InstantResponder upstream, int port, long drainTimeoutMs)
            throws IOException {
        return ChildJvm.start(CascadeApp.class, dataDir.resolve("gateway.log"),
                "--camel.server.port=" + port, "--camel.server.host=127.0.0.1",
                "--cascade.small.urls=" + upstream.baseUrl(), "--cascade.large.urls=" + upstream.baseUrl(),
                "--cascade.data-dir=" + dataDir, "--cascade.warmup.requests=0", "--cascade.shutdown.drain-timeout-ms=" + drainTimeoutMs,
                "--camel.main.shutdown-timeout=" + CAMEL_SHUTDOWN_TIMEOUT_S);
    }

    private static URI awaitReady(ChildJvm gateway, int port) {
        URI base = URI.create("http://127.0.0.1:" + port);
        HttpTestClient http = new HttpTestClient(base);
        Awaitility.await("child gateway ready").atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
                .ignoreExceptionsInstanceOf(RuntimeException.class)
                .until(() -> {
                    if (!gateway.alive()) {
                        throw new AssertionError("the gateway exited:\n" + gateway.output());
                    }
                    return http.get("/health").status() == 200;
                });
        return base;
    }
}
