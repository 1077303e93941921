package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.openai.ChatRequest;

import java.util.Set;

/**
 * A validated compare: the chat request every system gets (messages, max_tokens, sampling), which systems run, whether
 * the cascade's large model may use its speculative draft, and the hosted API's reasoning (null: the configured one).
 */
public record CompareRequest(ChatRequest chat, Set<SystemName> systems, boolean draft, HostedReasoning hostedReasoning) {
    public CompareRequest {
        systems = Set.copyOf(systems);
    }

    public CompareRequest(ChatRequest chat, Set<SystemName> systems) {
        this(chat, systems, true, null);
    }

    public boolean wants(SystemName system) {
        return systems.contains(system);
    }
}
