package com.cascade4arm.routes.compare;

import com.cascade4arm.openai.ChatRequest;

import java.util.Set;

/** A validated compare: the chat request every system gets (messages, max_tokens, sampling) and which systems run. */
public record CompareRequest(ChatRequest chat, Set<SystemName> systems) {
    public CompareRequest {
        systems = Set.copyOf(systems);
    }

    public boolean wants(SystemName system) {
        return systems.contains(system);
    }
}
