package com.cascade4arm.routes.chat;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * A validated chat completion request. {@code upstreamBody} is what we forward: only known fields, so a client
 * cannot smuggle parameters to the model servers.
 */
public record ChatRequest(String model, List<ChatMessage> messages, boolean stream, boolean includeUsage,
                          int maxTokens, Integer requestedMaxTokens, ObjectNode upstreamBody) {

    /** The model field as routing sees it: "auto" unless the client forced a pool. */
    public boolean forcesRoute() {
        return !ChatRequestParser.AUTO.equals(model);
    }

    public int promptChars() {
        return messages.stream().mapToInt(m -> m.content().length()).sum();
    }
}
