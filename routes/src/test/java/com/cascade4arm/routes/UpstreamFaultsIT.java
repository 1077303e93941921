package com.cascade4arm.routes;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relay under upstream faults: real gateway routes against real HTTP upstreams (test-support's instant
 * responder) that drop streams, send error events, answer 500 or keep-alive comments.
 */
class UpstreamFaultsIT {
    private static final ObjectMapper JSON = RoutesGateway.JSON;
    private static final String CODE_PROMPT = "Refactor this function: def f(x): return x*2";
    private static final String EASY_PROMPT = "Hello!";

    private static RoutesGateway gateway;
    private static InstantResponder small;
    private static InstantResponder large;

    @BeforeAll
    static void boot() {
        gateway = RoutesGateway.builder().property("cascade.breaker.open-ms", "500").start();
        small = gateway.small;
        large = gateway.large;
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @BeforeEach
    void healthyUpstreams() {
        gateway.upstreams(ResponderBehaviour.INSTANT);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> gateway.get("/health").statusCode() == 200);
    }

    @Test
    void relaysStreamsAndSkipsKeepAliveComments() throws Exception {
        large.behaviour(ResponderBehaviour.INSTANT.withCommentLines(true));

        List<String> events = stream(CODE_PROMPT);

        assertThat(events).last().isEqualTo("[DONE]");
        assertThat(events).noneMatch(e -> e.startsWith(":"));
        assertThat(text(events)).isEqualTo(String.join("", ResponderBehaviour.DEFAULT_CHUNKS));
        JsonNode cascade = JSON.readTree(events.get(events.size() - 2)).path("cascade");
        assertThat(cascade.path("route").asText()).isEqualTo("large");
        assertThat(cascade.path("completion_tokens").asInt()).isEqualTo(ResponderBehaviour.DEFAULT_CHUNKS.size());
    }

    @Test
    void endsTheStreamWithAnErrorEventWhenUpstreamFailsMidStream() throws Exception {
        large.behaviour(ResponderBehaviour.INSTANT.withStreamError(true));

        List<String> events = stream(CODE_PROMPT);

        assertThat(text(events)).as("the part that was sent stays sent").isNotEmpty();
        assertThat(events).last().isEqualTo("[DONE]");
        JsonNode error = JSON.readTree(events.get(events.size() - 2)).path("error");
        assertThat(error.path("code").asText()).isEqualTo("upstream_stream_failed");
        assertThat(small.chatRequestCount()).as("no silent retry on the other pool").isZero();
    }

    @Test
    void endsTheStreamWithAnErrorEventWhenUpstreamTruncates() throws Exception {
        large.behaviour(ResponderBehaviour.INSTANT.withTruncate(true));

        List<String> events = stream(CODE_PROMPT);

        assertThat(events).last().isEqualTo("[DONE]");
        assertThat(events.get(events.size() - 2)).contains("\"error\"", "without [DONE]");
    }

    @Test
    void fallsBackToTheOtherPoolWhenTheChosenOneAnswers500() throws Exception {
        large.behaviour(ResponderBehaviour.INSTANT.withStatus(500));

        HttpResponse<String> response = post(chat(CODE_PROMPT, false));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode cascade = JSON.readTree(response.body()).path("cascade");
        assertThat(cascade.path("route").asText()).isEqualTo("small");
        assertThat(cascade.path("fallback").asBoolean()).isTrue();
        assertThat(cascade.path("fallback_reason").asText()).contains("HTTP 500");
    }

    @Test
    void passesUpstreamClientErrorsThroughWithoutFallback() throws Exception {
        small.behaviour(ResponderBehaviour.INSTANT.withStatus(400));
        long largeCalls = large.chatRequestCount();

        HttpResponse<String> response = post(chat(EASY_PROMPT, false));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).path("error").path("code").asText()).isEqualTo("upstream_rejected");
        assertThat(large.chatRequestCount()).isEqualTo(largeCalls);
    }

    @Test
    void measuresTimeToFirstTokenAtTheFirstContentDelta() throws Exception {
        small.behaviour(ResponderBehaviour.INSTANT.withContentDelayMs(300));

        List<String> events = stream(EASY_PROMPT);

        JsonNode cascade = JSON.readTree(events.get(events.size() - 2)).path("cascade");
        assertThat(cascade.path("ttft_ms").asDouble()).isGreaterThanOrEqualTo(300);
    }

    /** Every {@code data:} payload and every comment line the client received, in order. */
    private List<String> stream(String prompt) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = HttpClient.newHttpClient().send(gateway.http()
                        .request("/v1/chat/completions", null).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(chat(prompt, true))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        List<String> events = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("data: ")) {
                    events.add(line.substring(6));
                } else if (line.startsWith(":")) {
                    events.add(line);
                }
            }
        }
        return events;
    }

    private static String text(List<String> events) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String event : events) {
            if (!event.equals("[DONE]") && !event.startsWith(":")) {
                text.append(JSON.readTree(event).path("choices").path(0).path("delta").path("content").asText(""));
            }
        }
        return text.toString();
    }

    private HttpResponse<String> post(String body) {
        return gateway.post("/v1/chat/completions", body);
    }

    private static String chat(String prompt, boolean stream) {
        return HttpTestClient.chat("auto", prompt, 8, stream);
    }
}
