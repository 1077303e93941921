package com.cascade4arm.host.inference;

import java.util.Objects;
import java.util.Set;

/** One message of a chat conversation, with its text already flattened from OpenAI content parts. */
public record ChatMessage(String role, String content) {

    public static final Set<String> ROLES = Set.of("system", "user", "assistant");

    public ChatMessage {
        Objects.requireNonNull(content, "content");
        if (!ROLES.contains(role)) {
            throw new IllegalArgumentException("role must be one of " + ROLES + ", but was '" + role + "'");
        }
    }
}
