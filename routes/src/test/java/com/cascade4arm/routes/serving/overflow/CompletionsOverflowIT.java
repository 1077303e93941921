package com.cascade4arm.routes.serving.overflow;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.routes.testing.CompletionsUpstream;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code /v1/completions} overflows where chat would: a tier without a healthy endpoint and {@code overflow=hosted}
 * sends the raw prompt to the hosted API's {@code /completions} (here a real HTTP server answering as OpenRouter's
 * legacy completions do), answered as {@code text_completion} with the {@code cascade} object saying so, plain and
 * streamed.
 */
class CompletionsOverflowIT {
    private static CompletionsUpstream hosted;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() {
        hosted = CompletionsUpstream.start("hosted-model");
        gateway = RoutesGateway.builder()
                .pools("http://127.0.0.1:" + RoutesGateway.freePort(), "http://127.0.0.1:" + RoutesGateway.freePort())
                .property("cascade.small.overflow", "hosted") // the feature under test (shipped: none)
                .property("cascade.compare.hosted.base-url", hosted.baseUrl() + "/v1") // its /completions
                .property("cascade.compare.hosted.api-key", "sk-test") // overflow needs a configured hosted API
                .readyWithin(null) // /health stays 503: no tier has a server
                .start();
        // Not checked yet is healthy-unknown: wait for the first check to find the small tier down.
        await().atMost(Duration.ofSeconds(10))
                .until(() -> gateway.gateway().pools().get("small").endpoints().get(0).checked());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (hosted != null) {
            hosted.close();
        }
    }

    @Test
    void aTierWithoutAHealthyEndpointOverflowsACompletionPlainAndStreamed() {
        int before = hosted.completions();
        HttpTestClient.Response plain = gateway.http().post("/v1/completions",
                "{\"model\":\"small\",\"prompt\":\"Once\",\"max_tokens\":8}");
        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        assertThat(plain.json().path("object").asText()).isEqualTo("text_completion");
        assertThat(plain.json().at("/choices/0/text").asText()).isEqualTo(CompletionsUpstream.TEXT);
        assertThat(plain.json().at("/usage/completion_tokens").asInt()).isEqualTo(4);
        assertOverflowed(plain.json().path("cascade"));
        assertThat(plain.header("X-Cascade-Overflow")).isEqualTo("unavailable");
        assertThat(plain.header("X-Cascade-Route")).isEqualTo("hosted");

        HttpTestClient.Stream streamed = gateway.http().stream("/v1/completions", "{\"model\":\"small\",\"prompt\":"
                + "\"Once\",\"max_tokens\":8,\"stream\":true,\"stream_options\":{\"include_usage\":true}}");
        assertThat(streamed.status()).isEqualTo(200);
        assertThat(streamed.data()).last().isEqualTo("[DONE]");
        List<JsonNode> events = streamed.jsonEvents();
        StringBuilder text = new StringBuilder();
        events.forEach(chunk -> text.append(chunk.at("/choices/0/text").asText("")));
        assertThat(text.toString()).isEqualTo(CompletionsUpstream.TEXT);
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.path("object").asText()).isEqualTo("text_completion");
        assertThat(last.at("/usage/completion_tokens").asInt()).isEqualTo(4);
        assertThat(events.stream().filter(chunk -> chunk.has("usage")).count())
                .as("usage once, though the hosted API put it on its finish chunk too: %s", events).isEqualTo(1);
        assertOverflowed(last.path("cascade"));

        HttpTestClient.Stream withoutUsage = gateway.http().stream("/v1/completions", "{\"model\":\"small\",\"prompt\":"
                + "\"Once\",\"max_tokens\":8,\"stream\":true}");
        assertThat(withoutUsage.jsonEvents()).as("no usage when the client did not ask for it")
                .noneMatch(chunk -> chunk.has("usage"));
        assertThat(hosted.completions()).as("all three went to the hosted API's /completions").isEqualTo(before + 3);
        assertThat(gateway.metric("cascade_overflow_total", "tier=\"small\"", "reason=\"unavailable\""))
                .isGreaterThanOrEqualTo(2);
    }

    private static void assertOverflowed(JsonNode cascade) {
        assertThat(cascade.path("route").asText()).as(cascade.toString()).isEqualTo("hosted");
        assertThat(cascade.path("overflow").asBoolean()).isTrue();
        assertThat(cascade.path("overflow_reason").asText()).isEqualTo("unavailable");
        assertThat(cascade.path("decided_route").asText()).isEqualTo("small");
        assertThat(cascade.path("completion_tokens").asInt()).isEqualTo(4);
    }
}
