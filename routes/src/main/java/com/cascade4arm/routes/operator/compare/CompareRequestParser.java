package com.cascade4arm.routes.operator.compare;

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
    /** Compare's own field, and chat fields compare decides itself (every system streams; the cascade uses "auto"). */
    private static final Set<String> IGNORED_FIELDS = Set.of("systems", "model", "stream", "stream_options", "draft",
            "hosted_reasoning");

    private final ChatRequestParser chat;

    public CompareRequestParser(ChatRequestParser chat) {
        this.chat = chat;
    }

    /** {@code root}: the body as camel-jackson read it. */
    public CompareRequest parse(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw ApiError.badRequest("invalid_type", "request body must be a JSON object, but was " + (root == null ? "empty" : kind(root)));
        }
        JsonNode systems = root.get("systems");
        ChatRequest request = chat.parsePromptOrMessages((ObjectNode) root, IGNORED_FIELDS);
        return new CompareRequest(request, systems(systems), draft(root.get("draft")), reasoning(root.get("hosted_reasoning")));
    }

    /** {@code draft}: false races the cascade with its large model's speculative draft off; absent or true: on. */
    private static boolean draft(JsonNode node) {
        if (node == null || node.isNull()) {
            return true;
        }
        if (!node.isBoolean()) {
            throw ApiError.invalidParam("draft", "invalid_type", "draft must be true or false, but was " + abbreviate(node.toString()));
        }
        return node.asBoolean();
    }

    /** {@code hosted_reasoning}: off, low, medium, high or a token budget; absent: the configured reasoning. */
    private static HostedReasoning reasoning(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual() && !node.isIntegralNumber()) {
            throw ApiError.invalidParam("hosted_reasoning", "invalid_type",
                    "hosted_reasoning must be a string or a whole number, but was " + abbreviate(node.toString()));
        }
        try {
            return HostedReasoning.parse(node.asText(), "hosted_reasoning");
        } catch (IllegalArgumentException e) {
            throw ApiError.invalidParam("hosted_reasoning", "invalid_value", e.getMessage());
        }
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
