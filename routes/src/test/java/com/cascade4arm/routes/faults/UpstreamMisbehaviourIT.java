package com.cascade4arm.routes.faults;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static com.cascade4arm.routes.faults.FaultGateways.CODE_PROMPT;
import static com.cascade4arm.routes.faults.FaultGateways.breaker;
import static com.cascade4arm.routes.faults.FaultGateways.chat;
import static com.cascade4arm.routes.faults.FaultGateways.json;
import static com.cascade4arm.routes.faults.FaultGateways.lastEvent;
import static com.cascade4arm.routes.faults.FaultGateways.post;
import static com.cascade4arm.routes.faults.FaultGateways.stream;
import static com.cascade4arm.routes.faults.FaultGateways.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The large pool's only endpoint misbehaves in the ways a real server or network does — hangs before the first byte,
 * garbage SSE, a 429 storm — while other clients keep using the small pool. Each fault: the client gets a clear error
 * or a fallback answer flagged as such within a bounded time, metrics count it, the breaker opens and closes again
 * once the endpoint behaves, and the healthy traffic keeps getting 200s (its p95 is printed).
 */
class UpstreamMisbehaviourIT {
    private static final long UPSTREAM_IDLE_TIMEOUT_MS = 800;
    /** Generous: a fallback costs one failed attempt (at most the idle timeout) plus an instant answer. */
    private static final Duration ANSWER_BOUND = Duration.ofSeconds(5);

    private static InstantResponder small;
    private static ScriptedUpstream large;
    private static RoutesGateway gateway;
    private HealthyTraffic healthy;

    @BeforeAll
    static void boot() throws Exception {
        small = InstantResponder.start(0);
        large = new ScriptedUpstream();
        gateway = RoutesGateway.startWith(small.baseUrl(), large.baseUrl(), FaultGateways.properties(Map.of(
                "cascade.upstream.idle-timeout-ms", String.valueOf(UPSTREAM_IDLE_TIMEOUT_MS))));
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
        small.close();
        large.close();
    }

    @BeforeEach
    void healthyStart() {
        small.behaviour(ResponderBehaviour.INSTANT);
        large.mode(ScriptedUpstream.Mode.OK);
        largeEndpoint().breaker().reset();
        healthy = new HealthyTraffic(gateway.base(), 2, 50);
    }

    @AfterEach
    void stopTraffic() {
        healthy.close();
    }

    @Test
    void fallsBackToTheOtherPoolWhenTheUpstreamHangsBeforeTheFirstByte() throws Exception {
        large.mode(ScriptedUpstream.Mode.HANG_BEFORE_FIRST_BYTE);
        double errorsBefore = upstreamErrors();
        double fallbacksBefore = fallbacks();

        long start = System.nanoTime();
        HttpResponse<String> plain = post(gateway, chat(CODE_PROMPT, false));
        List<String> streamed = stream(gateway, CODE_PROMPT);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertFallback(json(plain.body()).path("cascade"), plain.statusCode());
        assertThat(plain.headers().firstValue("X-Cascade-Fallback")).contains("true");
        assertThat(streamed).last().isEqualTo("[DONE]");
        assertFallback(lastEvent(streamed).path("cascade"), 200);
        assertThat(took).as("both answers, each after one idle timeout").isLessThan(ANSWER_BOUND.multipliedBy(2));
        assertThat(upstreamErrors()).isGreaterThanOrEqualTo(errorsBefore + 2);
        assertThat(fallbacks()).isGreaterThanOrEqualTo(fallbacksBefore + 2);
        assertHealthyTrafficServed("hang before first byte");
    }

    @Test
    void fallsBackWhenTheFirstStreamEventIsGarbage() throws Exception {
        large.mode(ScriptedUpstream.Mode.GARBAGE_FIRST_EVENT);
        double malformedBefore = gateway.metric("cascade_upstream_errors_total", "kind=\"malformed_stream\"");

        List<String> streamed = stream(gateway, CODE_PROMPT);
        HttpResponse<String> plain = post(gateway, chat(CODE_PROMPT, false));

        assertThat(streamed).last().isEqualTo("[DONE]");
        assertFallback(lastEvent(streamed).path("cascade"), 200);
        assertThat(text(streamed)).as("the small pool's whole answer, nothing of the garbage")
                .isEqualTo(String.join("", ResponderBehaviour.DEFAULT_CHUNKS));
        assertFallback(json(plain.body()).path("cascade"), plain.statusCode());
        assertThat(gateway.metric("cascade_upstream_errors_total", "kind=\"malformed_stream\"")).isGreaterThan(malformedBefore);
        assertHealthyTrafficServed("garbage first event");
    }

    @Test
    void endsTheStreamWithAnErrorEventWhenGarbageFollowsContent() throws Exception {
        large.mode(ScriptedUpstream.Mode.GARBAGE_AFTER_CONTENT);
        long start = System.nanoTime();
        List<String> streamed = stream(gateway, CODE_PROMPT);

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(ANSWER_BOUND);
        assertThat(text(streamed)).as("what was shown stays shown, nothing re-sent from another pool")
                .isEqualTo(ScriptedUpstream.PARTIAL_TEXT);
        assertThat(streamed).last().isEqualTo("[DONE]");
        JsonNode error = lastEvent(streamed).path("error");
        assertThat(error.path("code").asText()).isEqualTo("upstream_stream_failed");
        assertThat(error.path("message").asText()).contains("malformed").doesNotContain("Exception", "at com.");
        assertHealthyTrafficServed("garbage after content");
    }

    @Test
    void opensTheBreakerUnderA429StormAndClosesItWhenTheUpstreamRecovers() throws Exception {
        large.mode(ScriptedUpstream.Mode.RATE_LIMITED);
        double rateLimitedBefore = gateway.metric("cascade_upstream_errors_total", "kind=\"http_429\"");

        List<HttpResponse<String>> storm = IntStream.range(0, 16).mapToObj(i -> CompletableFuture.supplyAsync(
                () -> post(gateway, chat(CODE_PROMPT, false)))).toList().stream().map(CompletableFuture::join).toList();

        assertThat(storm).allSatisfy(r -> assertFallback(json(r.body()).path("cascade"), r.statusCode()));
        assertThat(gateway.metric("cascade_upstream_errors_total", "kind=\"http_429\"")).isGreaterThanOrEqualTo(rateLimitedBefore + 4);
        assertThat(breaker(gateway, "large")).as("opened by the failures").isEqualTo("open");
        int callsWhileOpen = large.chatRequests();
        post(gateway, chat(CODE_PROMPT, false));
        assertThat(large.chatRequests()).as("an open breaker keeps calls away").isEqualTo(callsWhileOpen);

        large.mode(ScriptedUpstream.Mode.OK);
        Awaitility.await("half-open after " + FaultGateways.BREAKER_OPEN_MS + " ms").atMost(Duration.ofSeconds(5))
                .until(() -> breaker(gateway, "large").equals("half_open"));
        HttpResponse<String> trial = post(gateway, chat(CODE_PROMPT, false));

        JsonNode cascade = json(trial.body()).path("cascade");
        assertThat(cascade.path("route").asText()).as(trial.body()).isEqualTo("large");
        assertThat(cascade.path("fallback").asBoolean()).isFalse();
        // The answer goes out before the breaker records the trial's success: wait for that, don't race it.
        Awaitility.await("closed after the successful trial").atMost(Duration.ofSeconds(5))
                .until(() -> breaker(gateway, "large").equals("closed"));
        assertHealthyTrafficServed("429 storm");
    }

    @Test
    void answers503WithRetryAfterWhenEveryPoolIsRateLimited() throws Exception {
        healthy.close(); // this one takes the healthy pool down too
        large.mode(ScriptedUpstream.Mode.RATE_LIMITED);
        small.behaviour(ResponderBehaviour.INSTANT.withStatus(429));

        HttpResponse<String> refused = post(gateway, chat(CODE_PROMPT, false));

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        JsonNode error = json(refused.body()).path("error");
        assertThat(error.path("code").asText()).isEqualTo("no_upstream_available");
        assertThat(error.path("type").asText()).isEqualTo("unavailable_error");
        assertThat(refused.body()).doesNotContain("Exception", "at com.", ".java");
    }

    // ---- helpers

    private static void assertFallback(JsonNode cascade, int status) {
        assertThat(status).as(cascade.toString()).isEqualTo(200);
        assertThat(cascade.path("route").asText()).isEqualTo("small");
        assertThat(cascade.path("fallback").asBoolean()).as("flagged as a fallback").isTrue();
        assertThat(cascade.path("fallback_reason").asText()).contains("large");
    }

    private void assertHealthyTrafficServed(String scenario) throws InterruptedException {
        HealthyTraffic.Report report = healthy.stop(scenario);
        assertThat(report.requests()).as("healthy requests during the fault").isPositive();
        assertThat(report.failures()).as("every healthy request was served").isEmpty();
    }

    private static double upstreamErrors() {
        return gateway.metric("cascade_upstream_errors_total", "endpoint=\"large-0\"");
    }

    private static double fallbacks() {
        return gateway.metric("cascade_fallbacks_total", "from=\"large\"", "to=\"small\"");
    }

    private static UpstreamEndpoint largeEndpoint() {
        return gateway.gateway().pools().get("large").endpoints().get(0);
    }
}
