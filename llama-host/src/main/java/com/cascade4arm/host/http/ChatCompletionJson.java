package com.cascade4arm.host.http;

import com.cascade4arm.host.inference.GenerationResult;
import com.cascade4arm.host.inference.Timings;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.security.SecureRandom;

/** Builds the OpenAI chat.completion / chat.completion.chunk bodies llama-server sends, including its timings. */
final class ChatCompletionJson {

    private static final String ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int ID_LENGTH = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String id;
    private final long created;
    private final String model;
    /** Legacy text completion ({@code /v1/completions}): {@code text_completion} objects with {@code text} choices. */
    private final boolean text;

    ChatCompletionJson(String model) {
        this(model, false);
    }

    private ChatCompletionJson(String model, boolean text) {
        this.id = (text ? "cmpl-" : "chatcmpl-") + randomId();
        this.created = System.currentTimeMillis() / 1000;
        this.model = model;
        this.text = text;
    }

    /** The bodies of {@code /v1/completions}: llama-server's OpenAI-compatible {@code text_completion} shape. */
    static ChatCompletionJson textCompletion(String model) {
        return new ChatCompletionJson(model, true);
    }

    JsonObject completion(GenerationResult result) {
        if (text) {
            JsonObject choice = new JsonObject().put("index", 0).put("text", result.text()).putNull("logprobs")
                    .put("finish_reason", result.finishReason().wireName());
            return envelope("text_completion").put("choices", new JsonArray().add(choice))
                    .put("usage", usage(result)).put("timings", timings(result.timings()));
        }
        JsonObject message = new JsonObject().put("role", "assistant").put("content", result.text());
        JsonObject choice = new JsonObject().put("index", 0).put("message", message)
                .put("finish_reason", result.finishReason().wireName());
        return envelope("chat.completion")
                .put("choices", new JsonArray().add(choice))
                .put("usage", usage(result))
                .put("timings", timings(result.timings()));
    }

    JsonObject roleChunk() {
        return text ? textChunk("", null) : chunk(new JsonObject().put("role", "assistant").put("content", ""), null);
    }

    JsonObject contentChunk(String content) {
        return text ? textChunk(content, null) : chunk(new JsonObject().put("content", content), null);
    }

    JsonObject finishChunk(GenerationResult result) {
        String reason = result.finishReason().wireName();
        return text ? textChunk("", reason) : chunk(new JsonObject(), reason);
    }

    JsonObject usageChunk(GenerationResult result) {
        return envelope(text ? "text_completion" : "chat.completion.chunk").put("choices", new JsonArray())
                .put("usage", usage(result));
    }

    private JsonObject textChunk(String content, String finishReason) {
        JsonObject choice = new JsonObject().put("index", 0).put("text", content).putNull("logprobs")
                .put("finish_reason", finishReason);
        return envelope("text_completion").put("choices", new JsonArray().add(choice));
    }

    static JsonObject timings(Timings t) {
        JsonObject json = new JsonObject()
                .put("prompt_n", t.promptTokens())
                .put("prompt_ms", t.promptMs())
                .put("prompt_per_token_ms", t.promptPerTokenMs())
                .put("prompt_per_second", t.promptPerSecond())
                .put("predicted_n", t.predictedTokens())
                .put("predicted_ms", t.predictedMs())
                .put("predicted_per_token_ms", t.predictedPerTokenMs())
                .put("predicted_per_second", t.predictedPerSecond());
        if (t.hasDraft()) {
            json.put("draft_n", t.draftTokens()).put("draft_n_accepted", t.draftTokensAccepted());
        }
        return json;
    }

    private JsonObject chunk(JsonObject delta, String finishReason) {
        JsonObject choice = new JsonObject().put("index", 0).put("delta", delta).put("finish_reason", finishReason);
        return envelope("chat.completion.chunk").put("choices", new JsonArray().add(choice));
    }

    private JsonObject envelope(String object) {
        return new JsonObject().put("id", id).put("object", object).put("created", created).put("model", model);
    }

    private static JsonObject usage(GenerationResult result) {
        return new JsonObject()
                .put("prompt_tokens", result.promptTokens())
                .put("completion_tokens", result.completionTokens())
                .put("total_tokens", result.promptTokens() + result.completionTokens());
    }

    private static String randomId() {
        StringBuilder id = new StringBuilder(ID_LENGTH);
        for (int i = 0; i < ID_LENGTH; i++) {
            id.append(ID_ALPHABET.charAt(RANDOM.nextInt(ID_ALPHABET.length())));
        }
        return id.toString();
    }
}
