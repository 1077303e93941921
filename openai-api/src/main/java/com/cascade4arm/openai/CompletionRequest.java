package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A validated legacy text completion ({@code POST /v1/completions}): the raw {@code prompt} (no chat template), the
 * fields it shares with chat as a {@link ChatRequest} whose one user message is the prompt (what the rulebook routes
 * on), and {@code logprobs} (the number of most likely tokens to report per position, or null).
 */
public record CompletionRequest(String prompt, ChatRequest chat, Integer logprobs) {
    /** OpenAI's own bound on completions' {@code logprobs}. */
    public static final int MAX_LOGPROBS = 5;

    /** The body an upstream's {@code /v1/completions} gets: the chat fields with {@code prompt} for the messages. */
    public ObjectNode toJson() {
        ObjectNode body = chat.toJson(false);
        body.remove("messages");
        ObjectNode ordered = OpenAiJson.MAPPER.createObjectNode().put("prompt", prompt);
        ordered.setAll(body);
        if (logprobs != null) {
            ordered.put("logprobs", logprobs);
        }
        return ordered;
    }

    public boolean stream() {
        return chat.stream();
    }
}
