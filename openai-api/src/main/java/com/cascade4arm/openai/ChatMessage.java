package com.cascade4arm.openai;

import java.util.Objects;

/** One turn of an OpenAI chat conversation, its content already flattened to plain text. */
public record ChatMessage(String role, String content) {
    public static final String SYSTEM = "system";
    public static final String USER = "user";
    public static final String ASSISTANT = "assistant";

    /** A missing content (OpenAI allows null for tool-calling assistant turns) is read as empty text. */
    public ChatMessage {
        Objects.requireNonNull(role, "role must not be null");
        content = content == null ? "" : content;
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
