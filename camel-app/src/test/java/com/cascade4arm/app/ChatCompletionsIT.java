package com.cascade4arm.app;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The cascade end to end: real gateway, real llama.cpp hosts on demo models, real sockets. */
class ChatCompletionsIT {
    private static final String CODE_PROMPT = "Write a Python function that reverses a linked list.";
    private static final String EASY_PROMPT = "What is the capital of Italy?";

    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void routesCodePromptsToLargeModelAndSaysWhy() {
        HttpTestClient.Response response = http.post("/v1/chat/completions", HttpTestClient.chat(CODE_PROMPT, 12, false));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.header("X-Cascade-Route")).isEqualTo("large");
        assertThat(response.header("X-Cascade-Rule")).isNotBlank();
        JsonNode body = response.json();
        assertThat(body.path("choices").path(0).path("message").path("content").asText()).isNotBlank();
        JsonNode cascade = body.path("cascade");
        assertThat(cascade.path("route").asText()).isEqualTo("large");
        assertThat(cascade.path("rule").asText()).isEqualTo(response.header("X-Cascade-Rule"));
        assertThat(cascade.path("reason").asText()).isNotBlank();
        assertThat(cascade.path("endpoint").asText()).as("a name, not the internal URL (cascade.expose-endpoints)").isEqualTo("large-0");
        assertThat(cascade.path("completion_tokens").asInt()).isBetween(1, 12);
        assertThat(cascade.path("prompt_tokens").asInt()).isPositive();
        assertThat(cascade.path("total_ms").asDouble()).isPositive();
        assertThat(cascade.path("ttft_ms").asDouble()).isBetween(0.0, cascade.path("total_ms").asDouble());
        assertThat(cascade.path("tokens_per_second").asDouble()).isPositive();
        assertThat(cascade.path("cost_usd").asDouble()).isPositive();
        assertThat(cascade.path("fallback").asBoolean()).isFalse();
        assertThat(cascade.has("draft_acceptance")).as("large endpoint drafts with the small model").isTrue();
        assertThat(cascade.path("rules_version").asLong()).isPositive();
    }

    @Test
    void streamsEasyPromptsFromSmallModelTokenByToken() {
        HttpTestClient.Stream stream = http.stream(HttpTestClient.chat(EASY_PROMPT, 24, true));

        assertThat(stream.response().statusCode()).isEqualTo(200);
        assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
        assertThat(stream.header("X-Cascade-Route")).isEqualTo("small");
        assertThat(stream.events().get(stream.events().size() - 1).data()).isEqualTo("[DONE]");
        var content = stream.contentEvents();
        assertThat(content).as("content deltas").hasSizeGreaterThan(3);
        double first = content.get(0).atMs();
        double last = content.get(content.size() - 1).atMs();
        assertThat(last - first).as("tokens arrive spread over time, not in one buffered burst").isPositive();
        JsonNode usageChunk = stream.events().get(stream.events().size() - 2).json();
        assertThat(usageChunk.path("choices").isEmpty()).as("usage chunk has no choices").isTrue();
        assertThat(usageChunk.path("usage").path("completion_tokens").asInt()).isEqualTo(content.size());
        JsonNode cascade = stream.cascade();
        assertThat(cascade.path("route").asText()).isEqualTo("small");
        assertThat(cascade.path("completion_tokens").asInt()).isEqualTo(content.size());
        assertThat(cascade.path("ttft_ms").asDouble()).isLessThan(cascade.path("total_ms").asDouble());
    }

    @Test
    void streamWithoutUsageCarriesCascadeInFinishChunk() {
        String body = HttpTestClient.chat(EASY_PROMPT, 8, true).replace(",\"stream_options\":{\"include_usage\":true}", "");
        HttpTestClient.Stream stream = http.stream(body);

        JsonNode last = stream.events().get(stream.events().size() - 2).json();
        assertThat(last.path("choices").path(0).path("finish_reason").asText()).isIn("stop", "length");
        assertThat(last.path("cascade").path("route").asText()).isEqualTo("small");
        assertThat(stream.events()).noneMatch(e -> !e.data().equals("[DONE]") && e.json().path("choices").isEmpty());
    }

    @Test
    void modelFieldForcesTheRoute() {
        HttpTestClient.Response forced = http.post("/v1/chat/completions",
                HttpTestClient.chat("large", EASY_PROMPT, 4, false));

        assertThat(forced.status()).isEqualTo(200);
        assertThat(forced.header("X-Cascade-Route")).isEqualTo("large");
        assertThat(forced.json().path("cascade").path("rule").asText()).isEqualTo("forced by model");
    }

    @Test
    void explainsRoutingWithoutGenerating() {
        HttpTestClient.Response code = http.post("/api/route", "{\"prompt\":\"" + CODE_PROMPT + "\"}");
        HttpTestClient.Response easy = http.post("/api/route", "{\"prompt\":\"" + EASY_PROMPT + "\"}");

        assertThat(code.status()).isEqualTo(200);
        assertThat(code.json().path("route").asText()).isEqualTo("large");
        assertThat(code.json().path("rule").asText()).isNotBlank();
        assertThat(code.json().path("facts").path("charCount").asInt()).isEqualTo(CODE_PROMPT.length());
        assertThat(easy.json().path("route").asText()).isEqualTo("small");
        assertThat(easy.json().path("facts").path("question").asBoolean()).isTrue();
    }

    @Test
    void healthModelsAndMetricsDescribeTheGateway() {
        HttpTestClient.Response health = http.get("/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json().path("status").asText()).isEqualTo("ok");
        assertThat(health.json().path("endpoints")).extracting(e -> e.path("pool").asText()).contains("small", "large");

        HttpTestClient.Response models = http.get("/v1/models");
        assertThat(models.json().path("data")).extracting(m -> m.path("id").asText()).contains("auto", "small", "large");

        http.post("/v1/chat/completions", HttpTestClient.chat(EASY_PROMPT, 2, false));
        HttpTestClient.Response metrics = http.get("/metrics");
        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains("gen_ai_client_operation_duration_seconds_count{",
                "gen_ai_server_time_to_first_token_seconds", "gen_ai_client_token_usage_tokens",
                "cascade_routing_decisions_total{", "cascade_breaker_state{", "cascade_routing_decision_duration_seconds_count",
                "cascade_routing_decisions_over_budget_total");
    }
}
