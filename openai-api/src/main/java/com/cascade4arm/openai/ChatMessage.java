package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;

import java.util.Objects;

/**
 * One turn of an OpenAI chat conversation, its content already flattened to plain text; an assistant turn that called
 * tools carries its {@code tool_calls}, a {@code tool} turn the {@code tool_call_id} it answers (both relayed as given).
 */
public record ChatMessage(String role, String content, ArrayNode toolCalls, String toolCallId) {
    public static final String SYSTEM = "system";
    public static final String USER = "user";
    public static final String ASSISTANT = "assistant";
    public static final String TOOL = "tool";

    /** A missing content (OpenAI allows null for tool-calling assistant turns) is read as empty text. */
    public ChatMessage {
        Objects.requireNonNull(role, "role must not be null");
        content = content == null ? "" : content;
        toolCalls = toolCalls == null || toolCalls.isEmpty() ? null : toolCalls.deepCopy();
    }

    public ChatMessage(String role, String content) {
        this(role, content, null, null);
    }

    /** Part of a tool-calling exchange: a tool result, or an assistant turn that called tools. */
    public boolean isToolTurn() {
        return TOOL.equals(role) || toolCalls != null;
    }

    public static ChatMessage user(String content) {
        return new ChatMessage(USER, content);
    }

    public static ChatMessage assistant(String content) {
        return new ChatMessage(ASSISTANT, content);
    }

    public static ChatMessage system(String content) {
        return new ChatMessage(SYSTEM, content);
    }
}
