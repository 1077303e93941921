package com.cascade4arm.routes.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.routes.routing.RouteDecision;

/**
 * A chat request on its way to a tier: what the client asked, what the rulebook decided, and the tier that serves it
 * — the decided one, or its fallback ({@code fallbackReason} says why) when the decided tier could not serve.
 */
public record RoutedChat(ChatRequest request, RouteDecision decision, String tier, String fallbackReason) {

    public static RoutedChat decided(ChatRequest request, RouteDecision decision) {
        return new RoutedChat(request, decision, decision.route(), null);
    }

    /** The same request sent to {@code fallbackTier} because the decided tier could not serve ({@code reason}). */
    public RoutedChat fallBack(String fallbackTier, String reason) {
        return new RoutedChat(request, decision, fallbackTier, reason);
    }

    public boolean isFallback() {
        return fallbackReason != null;
    }
}
