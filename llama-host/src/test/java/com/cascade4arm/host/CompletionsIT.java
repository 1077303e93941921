package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.host.testing.SseEvent;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /v1/completions} on real llama.cpp in-process: the raw prompt (no chat template), llama-server's
 * {@code text_completion} answer and stream, and log probabilities refused by name (the binding would abort).
 */
class CompletionsIT {
    private static final String PROMPT = "How are you?";
    private static LlamaHost host;
    private static HostClient client;

    @BeforeAll
    static void startHost() {
        host = LlamaHost.start(HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(1024));
        host.awaitReady(Duration.ofSeconds(60));
        client = new HostClient(host.baseUrl(), null);
    }

    @AfterAll
    static void stopHost() {
        if (host != null) {
            host.close();
        }
    }

    @Test
    void answersATextCompletionFromTheRawPrompt() {
        HttpResponse<String> response = client.postJson("/v1/completions",
                "{\"prompt\":\"" + PROMPT + "\",\"max_tokens\":8,\"temperature\":0}");
        JsonObject chat = client.chat(PROMPT, 8);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonObject answer = new JsonObject(response.body());
        assertThat(answer.getString("object")).isEqualTo("text_completion");
        assertThat(answer.getString("id")).startsWith("cmpl-");
        JsonObject choice = answer.getJsonArray("choices").getJsonObject(0);
        assertThat(choice.getString("text")).isNotEmpty();
        assertThat(choice.getString("finish_reason")).isIn("stop", "length");
        assertThat(answer.getJsonObject("usage").getInteger("completion_tokens")).isBetween(1, 8);
        assertThat(answer.getJsonObject("usage").getInteger("prompt_tokens"))
                .as("no chat template around the prompt")
                .isLessThan(chat.getJsonObject("usage").getInteger("prompt_tokens"));
    }

    @Test
    void streamsTextCompletionChunksThenUsageThenDone() {
        List<SseEvent> events;
        try (HostClient.SseStream stream = client.openStream("/v1/completions", "{\"prompt\":\"" + PROMPT
                + "\",\"max_tokens\":8,\"stream\":true,\"stream_options\":{\"include_usage\":true}}")) {
            assertThat(stream.status()).isEqualTo(200);
            events = stream.readAll();
        }

        assertThat(events).last().matches(SseEvent::isDone);
        StringBuilder text = new StringBuilder();
        events.stream().filter(e -> !e.isDone()).map(SseEvent::json).forEach(chunk -> {
            assertThat(chunk.getString("object")).isEqualTo("text_completion");
            if (!chunk.getJsonArray("choices").isEmpty()) {
                text.append(chunk.getJsonArray("choices").getJsonObject(0).getString("text"));
            }
        });
        assertThat(text.toString()).isNotEmpty();
        JsonObject usage = events.get(events.size() - 2).json();
        assertThat(usage.getJsonArray("choices")).isEmpty();
        assertThat(usage.getJsonObject("usage").getInteger("completion_tokens")).isBetween(1, 8);
    }

    @Test
    void refusesLogprobsAndChatOnlyFieldsByName() {
        HttpResponse<String> logprobs = client.postJson("/v1/completions", "{\"prompt\":\"hi\",\"logprobs\":2}");
        HttpResponse<String> messages = client.postJson("/v1/completions",
                "{\"prompt\":\"hi\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");

        assertThat(logprobs.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(logprobs.body()).getJsonObject("error").getString("param")).isEqualTo("logprobs");
        assertThat(logprobs.body()).contains("in-process engine");
        assertThat(messages.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(messages.body()).getJsonObject("error").getString("param")).isEqualTo("messages");
    }
}
