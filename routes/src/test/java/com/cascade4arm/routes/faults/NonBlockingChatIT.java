package com.cascade4arm.routes.faults;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static com.cascade4arm.routes.faults.FaultGateways.CODE_PROMPT;
import static com.cascade4arm.routes.faults.FaultGateways.chat;
import static com.cascade4arm.routes.faults.FaultGateways.json;
import static com.cascade4arm.routes.faults.FaultGateways.lastEvent;
import static com.cascade4arm.routes.faults.FaultGateways.post;
import static com.cascade4arm.routes.faults.FaultGateways.stream;
import static com.cascade4arm.routes.faults.FaultGateways.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chat path runs on the event loop without blocking: streams hold no worker thread while tokens trickle in, and
 * the request timeout (a timer, not a waiting thread) cancels a silent upstream and falls back.
 */
class NonBlockingChatIT {
    private InstantResponder small;
    private ScriptedUpstream large;
    private RoutesGateway gateway;

    @AfterEach
    void stop() throws Exception {
        if (gateway != null) { // null when its boot failed: the upstreams still close
            gateway.close();
        }
        small.close();
        if (large != null) {
            large.close();
        }
    }

    @Test
    void streamsManyAnswersAtOnceWithASingleWorkerThread() throws Exception {
        small = InstantResponder.start(0);
        small.behaviour(ResponderBehaviour.INSTANT.withChunkDelayMs(150)); // about a second per answer
        gateway = RoutesGateway.startWith(small.baseUrl(), small.baseUrl(), FaultGateways.properties(Map.of(
                "cascade.gateway.worker-threads", "1")));
        int clients = 6;

        long start = System.nanoTime();
        List<List<String>> answers = IntStream.range(0, clients)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> stream(gateway, "Hi there!"))).toList()
                .stream().map(CompletableFuture::join).toList();
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(answers).allSatisfy(events -> {
            assertThat(events).last().isEqualTo("[DONE]");
            assertThat(text(events)).isEqualTo(String.join("", ResponderBehaviour.DEFAULT_CHUNKS));
        });
        long oneAnswerMs = 150L * ResponderBehaviour.DEFAULT_CHUNKS.size();
        assertThat(took).as("the streams ran side by side, not one after another on the one worker")
                .isLessThan(Duration.ofMillis(oneAnswerMs * clients / 2));
    }

    @Test
    void cancelsASilentUpstreamAtTheRequestTimeoutAndFallsBack() throws Exception {
        small = InstantResponder.start(0);
        large = new ScriptedUpstream();
        large.mode(ScriptedUpstream.Mode.HANG_BEFORE_FIRST_BYTE);
        gateway = RoutesGateway.startWith(small.baseUrl(), large.baseUrl(), FaultGateways.properties(Map.of(
                "cascade.upstream.request-timeout-ms", "700",
                "cascade.upstream.idle-timeout-ms", "60000")));

        long start = System.nanoTime();
        HttpResponse<String> plain = post(gateway, chat(CODE_PROMPT, false));
        List<String> streamed = stream(gateway, CODE_PROMPT);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        for (JsonNode cascade : List.of(json(plain.body()).path("cascade"), lastEvent(streamed).path("cascade"))) {
            assertThat(cascade.path("route").asText()).as(cascade.toString()).isEqualTo("small");
            assertThat(cascade.path("fallback").asBoolean()).isTrue();
            assertThat(cascade.path("fallback_reason").asText()).contains("no complete answer within 700 ms");
        }
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(took).as("two answers, each one request timeout late (not the 60 s idle timeout)")
                .isBetween(Duration.ofMillis(1400), Duration.ofSeconds(10));
        Awaitility.await("the hanging requests were reset, not left open").atMost(Duration.ofSeconds(5))
                .until(() -> large.hangingRequests() == 0);
    }
}
