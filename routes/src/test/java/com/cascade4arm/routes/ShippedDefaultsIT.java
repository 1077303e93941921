package com.cascade4arm.routes;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.routes.warmup.GatewayWarmup;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.cascade4arm.testing.http.HttpTestClient;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway routes booted on application.properties as shipped, with none of the harness's test overrides: the JIT
 * warm-up runs, and the per-client concurrency cap (4) applies. Every other routes test lifts some of these; this one
 * keeps the shipped defaults bootable and in force.
 */
class ShippedDefaultsIT {
    /** The shipped cascade.edge.max-concurrent-per-client. */
    private static final int SHIPPED_CONCURRENT_PER_CLIENT = 4;
    /** Boot with the shipped warm-up: at most cascade.warmup.max-ms (30 s) on a busy 2-core machine, and the boot. */
    private static final Duration READY_WITHIN = Duration.ofSeconds(90);
    /** How long the upstream holds each answer: the requests stay in flight while the next one is refused. */
    private static final long HELD_MS = 3_000;

    @Test
    void shippedDefaultsWarmUpOnceAndCapEachClientsConcurrentRequests() throws Exception {
        ListAppender<ILoggingEvent> warmupLog = new ListAppender<>();
        warmupLog.start();
        Logger warmupLogger = (Logger) LoggerFactory.getLogger(GatewayWarmup.class);
        warmupLogger.addAppender(warmupLog);
        try (RoutesGateway gateway = RoutesGateway.builder().shipped().withRuleStore().readyWithin(READY_WITHIN).start()) {
            assertThat(gateway.overrides().stringPropertyNames()).as("what the boot set beyond application.properties")
                    .containsExactlyInAnyOrder("camel.server.port", "cascade.data-dir", "cascade.small.urls",
                            "cascade.large.urls");
            assertThat(warmupLog.list).extracting(ILoggingEvent::getFormattedMessage)
                    .as("the shipped warm-up ran once").singleElement().asString()
                    .startsWith("JIT warm-up: ").contains(" of 2000 chat requests");
            assertThat(gateway.chat("What is the capital of France?").statusCode()).isEqualTo(200);

            gateway.upstreams(ResponderBehaviour.INSTANT.withFirstByteDelayMs(HELD_MS));
            HttpClient client = HttpClient.newHttpClient();
            List<CompletableFuture<HttpResponse<String>>> held = new ArrayList<>();
            long before = gateway.small.chatRequestCount() + gateway.large.chatRequestCount();
            for (int i = 0; i < SHIPPED_CONCURRENT_PER_CLIENT; i++) {
                held.add(client.sendAsync(chat(gateway), HttpResponse.BodyHandlers.ofString()));
            }
            Awaitility.await("the cap's worth of requests at the upstreams").atMost(Duration.ofSeconds(10))
                    .until(() -> gateway.small.chatRequestCount() + gateway.large.chatRequestCount() - before
                            == SHIPPED_CONCURRENT_PER_CLIENT);
            HttpResponse<String> over = client.send(chat(gateway), HttpResponse.BodyHandlers.ofString());

            assertThat(over.statusCode()).as(over.body()).isEqualTo(429);
            assertThat(HttpTestClient.JSON.readTree(over.body()).path("error").path("code").asText())
                    .isEqualTo("too_many_concurrent_requests");
            for (CompletableFuture<HttpResponse<String>> answer : held) {
                assertThat(answer.get().statusCode()).as("a held request").isEqualTo(200);
            }
        } finally {
            warmupLogger.detachAppender(warmupLog);
        }
    }

    private static HttpRequest chat(RoutesGateway gateway) {
        return HttpRequest.newBuilder(gateway.base().resolve("/v1/chat/completions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(HttpTestClient.chat("Hi", 4, false))).build();
    }
}
