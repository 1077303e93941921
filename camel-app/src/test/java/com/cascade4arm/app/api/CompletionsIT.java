package com.cascade4arm.app.api;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /v1/completions} through the gateway to its embedded hosts (real llama.cpp in-process): routed by the
 * rulebook on the prompt, the {@code text_completion} answer and stream with the cascade object, and what the tier
 * cannot do (log probabilities in-process) refused with 400 saying so.
 */
class CompletionsIT {
    private static final String CODE_PROMPT = "Write a Python function that reverses a string.";
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void routesThePromptByTheRulebookAndAnswersATextCompletion() {
        HttpTestClient.Response easy = http.post("/v1/completions", "{\"prompt\":\"Hi there!\",\"max_tokens\":8}");
        HttpTestClient.Response code = http.post("/v1/completions",
                "{\"prompt\":\"" + CODE_PROMPT + "\",\"max_tokens\":8,\"temperature\":0}");

        assertThat(easy.status()).as(easy.body()).isEqualTo(200);
        JsonNode answer = easy.json();
        assertThat(answer.path("object").asText()).isEqualTo("text_completion");
        assertThat(answer.at("/choices/0/text").asText()).isNotEmpty();
        assertThat(answer.at("/usage/completion_tokens").asInt()).isBetween(1, 8);
        assertThat(answer.at("/cascade/route").asText()).isEqualTo("small");
        assertThat(answer.at("/cascade/completion_tokens").asInt()).isEqualTo(answer.at("/usage/completion_tokens").asInt());
        assertThat(easy.header("X-Cascade-Route")).isEqualTo("small");
        assertThat(code.status()).as(code.body()).isEqualTo(200);
        assertThat(code.json().at("/cascade/route").asText()).isEqualTo("large");
    }

    @Test
    void streamsTextCompletionChunksWithTheCascadeObjectOnTheUsageChunk() {
        HttpTestClient.Stream stream = http.stream("/v1/completions", "{\"model\":\"small\",\"prompt\":\"Hi there!\","
                + "\"max_tokens\":8,\"stream\":true,\"stream_options\":{\"include_usage\":true}}");

        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.data()).last().isEqualTo("[DONE]");
        StringBuilder text = new StringBuilder();
        for (JsonNode chunk : stream.jsonEvents()) {
            assertThat(chunk.path("object").asText()).isEqualTo("text_completion");
            text.append(chunk.at("/choices/0/text").asText(""));
        }
        assertThat(text.toString()).isNotEmpty();
        JsonNode last = stream.jsonEvents().get(stream.jsonEvents().size() - 1);
        assertThat(last.path("choices")).isEmpty();
        assertThat(last.at("/usage/completion_tokens").asInt()).isBetween(1, 8);
        assertThat(last.at("/cascade/route").asText()).isEqualTo("small");
        assertThat(stream.header("X-Cascade-Route")).isEqualTo("small");
    }

    @Test
    void refusesChatLogprobsWhereTheTierCannotReportThemAndTopWithoutLogprobs() {
        HttpTestClient.Response chat = http.post("/v1/chat/completions", "{\"model\":\"small\",\"messages\":"
                + "[{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":4,\"logprobs\":true,\"top_logprobs\":2}");
        HttpTestClient.Response top = http.post("/v1/chat/completions", "{\"messages\":"
                + "[{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":4,\"top_logprobs\":2}");

        assertThat(chat.status()).as(chat.body()).isEqualTo(400);
        assertThat(chat.json().at("/error/param").asText()).isEqualTo("logprobs");
        assertThat(chat.json().at("/error/message").asText()).contains("tier 'small'", "cannot report log-probabilities");
        assertThat(top.status()).isEqualTo(400);
        assertThat(top.json().at("/error/param").asText()).isEqualTo("top_logprobs");
    }

    @Test
    void refusesWhatTheTierCannotDoSayingSo() {
        HttpTestClient.Response logprobs = http.post("/v1/completions",
                "{\"model\":\"small\",\"prompt\":\"Hi\",\"max_tokens\":4,\"logprobs\":2}");
        HttpTestClient.Response echo = http.post("/v1/completions", "{\"prompt\":\"Hi\",\"echo\":true}");

        assertThat(logprobs.status()).as(logprobs.body()).isEqualTo(400);
        assertThat(logprobs.json().at("/error/code").asText()).isEqualTo("unsupported_parameter");
        assertThat(logprobs.json().at("/error/param").asText()).isEqualTo("logprobs");
        assertThat(logprobs.json().at("/error/message").asText()).contains("tier 'small'", "in-process binding");
        assertThat(echo.status()).isEqualTo(400);
        assertThat(echo.json().at("/error/param").asText()).isEqualTo("echo");
    }
}
