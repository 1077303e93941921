package com.cascade4arm.routes.serving.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An endpoint that is not up when the gateway starts (a model still loading, a first probe lost) is polled every
 * second until it answers ok once, then only at the configured interval — however long that interval is. A probe never
 * waits longer than its timeout for a connection.
 */
class HealthMonitorIT {
    private static final long LONG_INTERVAL_MS = 60_000;

    private final Vertx vertx = Vertx.vertx();
    private HttpServer upstream;
    private UpstreamClient client;
    private HealthMonitor monitor;

    @AfterEach
    void stop() throws Exception {
        if (monitor != null) {
            monitor.close();
        }
        client.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void anEndpointThatComesUpAfterTheFirstProbeIsHealthyWithinSecondsNotAtTheNextInterval() throws Exception {
        int port = freePort();
        UpstreamEndpoint endpoint = new UpstreamEndpoint("late", URI.create("http://127.0.0.1:" + port), null,
                CircuitBreaker.ofDefaults("late"));
        client = new UpstreamClient(vertx, 1000, 10_000, 4);
        monitor = new HealthMonitor(vertx, client, List.of(new UpstreamPool("small", List.of(endpoint))), 1000);

        monitor.start(LONG_INTERVAL_MS);
        await().atMost(Duration.ofSeconds(5)).until(() -> "unreachable".equals(endpoint.healthDetail()));
        AtomicInteger probes = new AtomicInteger();
        AtomicInteger props = new AtomicInteger();
        upstream = vertx.createHttpServer().requestHandler(request -> {
            if (request.path().equals("/props")) {
                props.incrementAndGet(); // read once, at the first ok: what the server says it can do
                request.response().end("{\"capabilities\":{\"logprobs\":false}}");
                return;
            }
            probes.incrementAndGet();
            request.response().end("{\"status\":\"ok\"}");
        }).listen(port, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

        await().atMost(Duration.ofSeconds(5)).until(endpoint::healthy);
        Thread.sleep(2 * HealthMonitor.FIRST_OK_POLL_MS + 500);
        assertThat(probes.get()).as("after the first ok only the 60 s interval polls").isEqualTo(1);
        assertThat(props.get()).isEqualTo(1);
        assertThat(endpoint.reportsLogprobs()).as("learnt from /props before it was marked healthy").isFalse();
    }

    @Test
    void capabilitiesAreAskedAgainAtTheNextCheckWhenTheFirstPropsDidNotAnswer() throws Exception {
        AtomicInteger props = new AtomicInteger();
        upstream = vertx.createHttpServer().requestHandler(request -> {
            if (request.path().equals("/props")) {
                if (props.incrementAndGet() == 1) {
                    return; // the first /props hangs (a host still hashing its weights under load)
                }
                request.response().end("{\"capabilities\":{\"tools\":false}}");
                return;
            }
            request.response().end("{\"status\":\"ok\"}");
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        UpstreamEndpoint endpoint = new UpstreamEndpoint("hashing",
                URI.create("http://127.0.0.1:" + upstream.actualPort()), null, CircuitBreaker.ofDefaults("hashing"));
        client = new UpstreamClient(vertx, 300, 10_000, 4);
        monitor = new HealthMonitor(vertx, client, List.of(new UpstreamPool("small", List.of(endpoint))), 300);

        monitor.start(1000);
        await().atMost(Duration.ofSeconds(5)).until(endpoint::healthy);
        assertThat(endpoint.callsTools()).as("no answer yet: taken as capable, not refused").isTrue();
        await().atMost(Duration.ofSeconds(10)).until(() -> !endpoint.callsTools());
        assertThat(props.get()).isEqualTo(2);
        Thread.sleep(2_500);
        assertThat(props.get()).as("once read, not asked again").isEqualTo(2);
    }

    @Test
    void aProbeWaitingForAConnectionOfABusyPoolGivesUpAtItsTimeout() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        upstream = vertx.createHttpServer()
                .connectionHandler(connection -> connections.incrementAndGet())
                .requestHandler(request -> {
                    if (request.path().equals("/health")) {
                        request.response().end("{\"status\":\"ok\"}");
                    } // a chat request gets no answer: it holds the pool's only connection
                }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        UpstreamEndpoint endpoint = new UpstreamEndpoint("busy", URI.create("http://127.0.0.1:" + upstream.actualPort()),
                null, CircuitBreaker.ofDefaults("busy"));
        client = new UpstreamClient(vertx, 1000, 30_000, 1);
        CompletableFuture<JsonNode> hanging = client.complete(endpoint, JsonNodeFactory.instance.objectNode());
        await().atMost(Duration.ofSeconds(5)).until(() -> connections.get() == 1);

        long start = System.nanoTime();
        int status = client.health(endpoint, 500).get(10, TimeUnit.SECONDS);

        assertThat(status).as("no connection within the timeout: unreachable").isZero();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(hanging).isNotDone();
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
