package com.cascade4arm.host.inference;

import java.util.List;

/**
 * A validated chat-completion request, independent of HTTP.
 *
 * @param maxTokens   tokens to generate at most, or {@code null} for "until the slot's context is full"
 * @param temperature sampling temperature; 0 means greedy
 * @param seed        sampling seed, or {@code null} for a random one
 * @param stop        extra stop strings (may be empty)
 */
public record ChatRequest(List<ChatMessage> messages, Integer maxTokens, float temperature, float topP, Integer seed,
                          List<String> stop, boolean stream, boolean includeUsage) {

    public static final float DEFAULT_TEMPERATURE = 0.8f;
    public static final float DEFAULT_TOP_P = 0.95f;

    public ChatRequest {
        messages = List.copyOf(messages);
        stop = List.copyOf(stop);
    }
}
