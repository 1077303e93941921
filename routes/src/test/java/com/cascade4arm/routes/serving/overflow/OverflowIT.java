package com.cascade4arm.routes.serving.overflow;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.hosted.Fault;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Overflow to the hosted API on a real gateway: a tier made busy (its upstream answers slowly, so its measured time per
 * request times what is in flight passes max-queue-ms) sends the next request to the hosted-API stand-in (a real HTTP
 * server) with {@code overflow: true}, the reason, and the hosted price; a key without {@code hosted} queues instead;
 * a tier without a healthy endpoint overflows streamed and plain; the stand-in's 429 is waited out (Retry-After).
 */
class OverflowIT {
    static final String ADMIN = "overflow-it-admin";
    /** The small tier's answer time while busy: well above max-queue-ms below. */
    static final long SLOW_MS = 800;
    /** Concurrent overflowing requests in the 429 burst (the per-client concurrency limit as shipped is 4). */
    static final int BURST = 4;
    private static RoutesGateway busy;
    private static RoutesGateway down;

    @BeforeAll
    static void boot() {
        busy = RoutesGateway.builder().withHosted(true)
                .property("cascade.admin.token", ADMIN) // keys are made through the admin API
                .property("cascade.auth.mode", "keys") // overflow is bound by the key's hosted permission
                .property("cascade.small.overflow", "hosted") // the feature under test (shipped: none)
                .property("cascade.small.max-queue-ms", "100") // one slow request in flight is enough to overflow
                .start();
        // Tiers with no server at all: overflow's "unavailable" (shipped: none; the pools cannot be healthy).
        down = RoutesGateway.builder().withHosted(true)
                .pools("http://127.0.0.1:" + RoutesGateway.freePort(), "http://127.0.0.1:" + RoutesGateway.freePort())
                .property("cascade.small.overflow", "hosted")
                .readyWithin(null) // /health stays 503: the small pool never gets healthy
                .start();
        // Not checked yet is healthy-unknown, not down: wait for the first check to find the small tier down.
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> down.gateway().pools().get("small").endpoints().get(0).checked());
    }

    @AfterAll
    static void stop() {
        if (busy != null) {
            busy.close();
        }
        if (down != null) {
            down.close();
        }
    }

    @Test
    void aBusyTierOverflowsToTheHostedApiAtItsPrice() throws Exception {
        String secret = key("{\"alias\":\"may-overflow\",\"hosted\":true}");
        JsonNode answer = secondWhileFirstIsBusy(secret);
        JsonNode cascade = answer.path("cascade");
        assertThat(cascade.path("overflow").asBoolean()).as(answer.toString()).isTrue();
        assertThat(cascade.path("overflow_reason").asText()).isEqualTo("queue");
        assertThat(cascade.path("route").asText()).isEqualTo("hosted");
        assertThat(cascade.path("decided_route").asText()).isEqualTo("small");
        assertThat(answer.path("choices").path(0).path("message").path("content").asText())
                .isEqualTo("Hosted stand-in says hello.");
        long prompt = cascade.path("prompt_tokens").asLong();
        long completion = cascade.path("completion_tokens").asLong();
        assertThat(completion).isEqualTo(5);
        // cascade.cost.hosted.* as shipped: 0.04 and 0.10 USD per million input and output tokens.
        assertThat(cascade.path("cost_usd").asDouble()).isCloseTo((prompt * 0.04 + completion * 0.10) / 1e6,
                org.assertj.core.data.Offset.offset(1e-12));
        assertThat(busy.metric("cascade_overflow_total", "tier=\"small\"", "reason=\"queue\"")).isGreaterThanOrEqualTo(1);
        JsonNode logged = json(busy.send(HttpRequest.newBuilder(busy.base().resolve("/api/requests?key=may-overflow"))
                .header("Authorization", "Bearer " + ADMIN).GET().build()));
        assertThat(logged.toString()).contains("\"route\":\"hosted\"", "\"overflow\":\"queue\"");
    }

    @Test
    void aKeyWithoutHostedQueuesOnItsTier() throws Exception {
        String secret = key("{\"alias\":\"no-hosted\"}");
        JsonNode answer = secondWhileFirstIsBusy(secret);
        assertThat(answer.path("cascade").path("route").asText()).as(answer.toString()).isEqualTo("small");
        assertThat(answer.path("cascade").has("overflow")).isFalse();
    }

    @Test
    void aKeyBoundsFallbackToTheTiersItMayUse() {
        String largeOnly = key("{\"alias\":\"large-only\",\"tiers\":[\"large\"]}");
        String anyTier = key("{\"alias\":\"any-tier\"}");
        busy.large.behaviour(ResponderBehaviour.INSTANT.withStatus(503));
        try {
            long smallCalls = busy.small.chatRequestCount();
            HttpResponse<String> refused = chat(largeOnly, "large");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(busy.small.chatRequestCount()).as("no fallback to a tier the key may not use").isEqualTo(smallCalls);
            HttpResponse<String> fellBack = chat(anyTier, "large");
            assertThat(fellBack.statusCode()).as(fellBack.body()).isEqualTo(200);
            assertThat(json(fellBack).path("cascade").path("route").asText()).isEqualTo("small");
            assertThat(json(fellBack).path("cascade").path("fallback").asBoolean()).isTrue();
        } finally {
            busy.large.behaviour(ResponderBehaviour.INSTANT);
        }
    }

    @Test
    void aTierWithoutAHealthyEndpointOverflowsPlainAndStreamed() {
        HttpTestClient.Response plain = down.http().post("/v1/chat/completions",
                HttpTestClient.chat("small", "Say hello", 8, false));
        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        assertThat(plain.json().path("cascade").path("overflow_reason").asText()).isEqualTo("unavailable");
        assertThat(plain.header("X-Cascade-Overflow")).isEqualTo("unavailable");

        HttpTestClient.Stream streamed = down.http().stream(HttpTestClient.chat("small", "Say hello", 8, true));
        assertThat(streamed.status()).isEqualTo(200);
        assertThat(streamed.text()).isEqualTo("Hosted stand-in says hello.");
        assertThat(streamed.cascade().path("overflow").asBoolean()).isTrue();
        assertThat(streamed.cascade().path("overflow_reason").asText()).isEqualTo("unavailable");
        assertThat(down.metric("cascade_overflow_total", "tier=\"small\"", "reason=\"unavailable\""))
                .isGreaterThanOrEqualTo(2);
    }

    @Test
    void aRateLimitedHostedApiIsRetriedAfterItsRetryAfter() {
        int before = down.hosted.arrivalNanos().size();
        down.hosted.enqueue(Fault.rateLimited("1"));
        HttpTestClient.Response answer = down.http().post("/v1/chat/completions",
                HttpTestClient.chat("small", "Say hello", 8, false));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json().path("cascade").path("overflow").asBoolean()).isTrue();
        List<Long> arrivals = down.hosted.arrivalNanos();
        assertThat(arrivals).hasSize(before + 2); // the 429, then the retry
        double waitedMs = (arrivals.get(before + 1) - arrivals.get(before)) / 1e6;
        assertThat(waitedMs).as("the retry waited for Retry-After: 1").isGreaterThanOrEqualTo(950);
    }

    /**
     * A burst of 429s: {@link #BURST} overflowing requests at once, each rate limited with Retry-After 2 s. While they
     * wait, no gateway worker is held (the Retry's waits are timers); each attempt takes a worker only while it runs.
     */
    @Test
    void aBurstOf429sHoldsNoWorkerThreadWhileItWaitsOutRetryAfter() throws Exception {
        int before = down.hosted.arrivalNanos().size();
        for (int i = 0; i < BURST; i++) {
            down.hosted.enqueue(Fault.rateLimited("2"));
        }
        List<CompletableFuture<HttpTestClient.Response>> burst = new java.util.ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            burst.add(CompletableFuture.supplyAsync(() -> down.http().post("/v1/chat/completions",
                    HttpTestClient.chat("small", "Say hello", 8, false))));
        }
        Thread.sleep(1_000); // within the 2 s every request waits after its 429
        int held = workersInGatewayCode();
        System.out.println("overflow burst of " + BURST + " x 429 (Retry-After 2 s): gateway workers held while waiting = "
                + held);
        for (CompletableFuture<HttpTestClient.Response> answer : burst) {
            HttpTestClient.Response response = answer.get();
            assertThat(response.status()).as(response.body()).isEqualTo(200);
            assertThat(response.json().path("cascade").path("overflow").asBoolean()).isTrue();
        }
        assertThat(down.hosted.arrivalNanos()).as("each request: its 429, then the retry").hasSize(before + 2 * BURST);
        assertThat(held).as("workers held while the burst waits out Retry-After").isZero();
    }

    /** gateway-worker threads running our code or Resilience4j's (an idle worker waits in its pool's queue). */
    private static int workersInGatewayCode() {
        int held = 0;
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            if (thread.getKey().getName().startsWith("gateway-worker") && java.util.Arrays.stream(thread.getValue())
                    .anyMatch(frame -> frame.getClassName().startsWith("com.cascade4arm")
                            || frame.getClassName().startsWith("io.github.resilience4j"))) {
                held++;
            }
        }
        return held;
    }

    /** One slow request on the small tier (measured first), and a second one sent while it is in flight. */
    private static JsonNode secondWhileFirstIsBusy(String secret) throws Exception {
        busy.small.behaviour(ResponderBehaviour.INSTANT.withFirstByteDelayMs(SLOW_MS));
        try {
            assertThat(chat(secret).statusCode()).isEqualTo(200); // the tier's time per request is measured: ~800 ms
            CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(() -> chat(secret));
            Thread.sleep(SLOW_MS / 4);
            HttpResponse<String> second = chat(secret);
            assertThat(first.get().statusCode()).isEqualTo(200);
            assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
            return json(second);
        } finally {
            busy.small.behaviour(ResponderBehaviour.INSTANT);
        }
    }

    private static HttpResponse<String> chat(String secret) {
        return chat(secret, "small");
    }

    private static HttpResponse<String> chat(String secret, String model) {
        return busy.send(HttpRequest.newBuilder(busy.base().resolve("/v1/chat/completions"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + secret)
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(HttpTestClient.chat(model, "Say hello", 8, false))).build());
    }

    private static String key(String body) {
        HttpResponse<String> created = busy.post("/api/keys", body, ADMIN);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created).path("secret").asText();
    }
}
