package com.cascade4arm.routes.serving.routing;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.facts.PromptFacts;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Decides which tier serves a conversation; the gateway's only view of the rulebook. */
public interface RoutingService {
    /** What the rules read: the facts extracted from the conversation (plain Java, no rules yet). */
    PromptFacts facts(List<ChatMessage> messages, Integer requestedMaxTokens);

    /**
     * {@code facts} with the semantic fact (cascade.rules.semantic), computed off the caller's thread within its time
     * budget; already complete when the fact is off or not needed. Never completes exceptionally.
     */
    default CompletableFuture<PromptFacts> withSemantic(PromptFacts facts) {
        return CompletableFuture.completedFuture(facts);
    }

    /** The rulebook's decision on {@code facts}; {@code forcedRoute} (a tier) overrides its choice but keeps the facts. */
    RouteDecision decide(PromptFacts facts, String forcedRoute);

    /** Facts and decision in one go. */
    default RouteDecision decide(List<ChatMessage> messages, Integer requestedMaxTokens, String forcedRoute) {
        return decide(facts(messages, requestedMaxTokens), forcedRoute);
    }
}
