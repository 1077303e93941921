package com.cascade4arm.routes.compare;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.ChatRequestParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * Validates {@code {prompt | messages, max_tokens, systems?, temperature?, …}} for /api/compare. Everything but
 * {@code prompt} and {@code systems} goes through the chat endpoint's own parser, so limits and messages match it.
 */
public final class CompareRequestParser {
    private final ChatRequestParser chat;

    public CompareRequestParser(ChatRequestParser chat) {
        this.chat = chat;
    }

    /** {@code root}: the body as camel-jackson read it. */
    public CompareRequest parse(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw ApiError.badRequest("invalid_type", "request body must be a JSON object, but was " + (root == null ? "empty" : kind(root)));
        }
        ObjectNode chatBody = ((ObjectNode) root).deepCopy();
        JsonNode prompt = chatBody.remove("prompt");
        JsonNode systems = chatBody.remove("systems");
        // Compare decides these itself: every system streams, the cascade routes with model "auto".
        chatBody.remove("model");
        chatBody.remove("stream");
        chatBody.remove("stream_options");
        boolean hasMessages = chatBody.hasNonNull("messages");
        if (prompt != null && !prompt.isNull()) {
            if (hasMessages) {
                throw ApiError.badRequest("invalid_value", "give either prompt or messages, not both");
            }
            if (!prompt.isTextual()) {
                throw ApiError.badRequest("invalid_type", "prompt must be a string, but was " + kind(prompt));
            }
            if (prompt.asText().isBlank()) {
                throw ApiError.badRequest("invalid_value", "prompt must not be empty");
            }
            chatBody.putArray("messages").addObject().put("role", "user").put("content", prompt.asText());
        } else if (!hasMessages) {
            throw ApiError.badRequest("missing_field", "prompt or messages is required");
        }
        ChatRequest request = chat.parse(chatBody);
        return new CompareRequest(request, systems(systems));
    }

    private static Set<SystemName> systems(JsonNode node) {
        if (node == null || node.isNull()) {
            return EnumSet.allOf(SystemName.class);
        }
        if (!node.isArray() || node.isEmpty()) {
            throw ApiError.badRequest("invalid_value",
                    "systems must be a non-empty array of " + SystemName.ids() + ", but was " + abbreviate(node.toString()));
        }
        Set<SystemName> systems = EnumSet.noneOf(SystemName.class);
        for (int i = 0; i < node.size(); i++) {
            JsonNode entry = node.get(i);
            SystemName system = entry.isTextual() ? SystemName.byId(entry.asText()).orElse(null) : null;
            if (system == null) {
                throw ApiError.badRequest("invalid_value", "systems[" + i + "] must be one of " + SystemName.ids()
                        + ", but was " + abbreviate(entry.toString()));
            }
            systems.add(system);
        }
        return systems;
    }

    private static String kind(JsonNode node) {
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    private static String abbreviate(String s) {
        return s.length() <= 64 ? s : s.substring(0, 61) + "...";
    }
}
