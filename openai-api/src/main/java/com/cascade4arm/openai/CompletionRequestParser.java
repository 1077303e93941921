package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * The validation of a legacy text completion ({@code POST /v1/completions}), for the gateway and the hosts: {@code
 * prompt} a string (or an array of one), {@code logprobs} 0 … 5, {@code n}/{@code best_of} 1; every field it shares
 * with chat (model, max_tokens, stream, stop, sampling, logit_bias, user, …) validated by {@link ChatRequestParser}
 * with its limits and messages; {@code echo} and {@code suffix} refused by name.
 */
public final class CompletionRequestParser {
    static final Map<String, String> REFUSED = Map.of(
            "echo", "the prompt is not repeated in the answer",
            "suffix", "insertion (fill in the middle) is not supported",
            // A text completion has no turns to call a tool from: tool calling is chat's.
            "tools", "tool calling belongs to /v1/chat/completions",
            "tool_choice", "tool calling belongs to /v1/chat/completions",
            "parallel_tool_calls", "tool calling belongs to /v1/chat/completions");

    private final ChatRequestParser chat;

    public CompletionRequestParser(ChatRequestParser chat) {
        this.chat = chat;
    }

    public CompletionRequest parse(byte[] body) {
        JsonNode root = ChatRequestParser.readObject(body);
        if (!root.isObject()) {
            throw ApiError.badRequest("invalid_type", "request body must be a JSON object, but was " + Values.describe(root));
        }
        ObjectNode chatBody = ((ObjectNode) root).deepCopy();
        for (Map.Entry<String, String> refused : REFUSED.entrySet()) {
            JsonNode value = chatBody.get(refused.getKey());
            if (value != null && !value.isNull() && !(value.isBoolean() && !value.asBoolean())) {
                throw ApiError.invalidParam(refused.getKey(), "unsupported_parameter", refused.getKey()
                        + " is not supported: " + refused.getValue() + "; remove it from the request");
            }
            chatBody.remove(refused.getKey());
        }
        if (chatBody.has("messages")) {
            throw ApiError.invalidParam("messages", "unsupported_parameter",
                    "messages belongs to /v1/chat/completions; a completion takes prompt");
        }
        Integer bestOf = Values.integer(chatBody, "best_of", Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (bestOf != null && bestOf != 1) {
            throw ApiError.invalidParam("best_of", "invalid_value", "best_of must be 1 (one candidate per request), but was " + bestOf);
        }
        chatBody.remove("best_of");
        Integer logprobs = Values.integer(chatBody, "logprobs", 0, CompletionRequest.MAX_LOGPROBS);
        chatBody.remove("logprobs");
        String prompt = prompt(chatBody.remove("prompt"));
        chatBody.putArray("messages").addObject().put("role", ChatMessage.USER).put("content", prompt);
        return new CompletionRequest(prompt, chat.parse(chatBody), logprobs);
    }

    private static String prompt(JsonNode node) {
        if (node == null || node.isNull()) {
            throw ApiError.invalidParam("prompt", "missing_field", "prompt is required: a string");
        }
        JsonNode text = node.isArray() && node.size() == 1 ? node.get(0) : node;
        if (node.isArray() && node.size() != 1) {
            throw ApiError.invalidParam("prompt", "invalid_value",
                    "prompt must be one string (an array of exactly one is accepted), but had " + node.size());
        }
        if (!text.isTextual()) {
            throw ApiError.invalidParam("prompt", "invalid_type", "prompt must be a string, but was " + Values.describe(text)
                    + " (token arrays are not accepted: each tier has its own vocabulary)");
        }
        if (text.asText().isEmpty()) {
            throw ApiError.invalidParam("prompt", "invalid_value", "prompt must not be empty");
        }
        return text.asText();
    }
}
