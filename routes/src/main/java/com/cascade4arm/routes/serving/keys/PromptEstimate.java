package com.cascade4arm.routes.serving.keys;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The prompt tokens a request body will use, estimated before any model sees it (a key's tokens/min reservation):
 * one token per 4 characters of each message's text, rounded up, plus 4 per message for the chat template's markers;
 * Compare's {@code prompt} counts as one message. The answer's real {@code prompt_tokens} replaces it afterwards.
 */
public final class PromptEstimate {
    static final int CHARS_PER_TOKEN = 4;
    static final int TOKENS_PER_MESSAGE = 4;

    private PromptEstimate() {
    }

    public static long tokens(JsonNode body) {
        if (body == null) {
            return 0;
        }
        long tokens = 0;
        JsonNode messages = body.path("messages");
        for (JsonNode message : messages) {
            tokens += TOKENS_PER_MESSAGE + textTokens(message.path("content"));
        }
        if (body.path("prompt").isTextual()) {
            tokens += TOKENS_PER_MESSAGE + textTokens(body.path("prompt"));
        }
        return tokens;
    }

    private static long textTokens(JsonNode content) {
        long chars = 0;
        if (content.isTextual()) {
            chars = content.asText().length();
        } else if (content.isArray()) { // content parts: their text
            for (JsonNode part : content) {
                chars += part.path("text").asText("").length();
            }
        }
        return (chars + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }
}
