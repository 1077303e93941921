package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.routes.serving.routing.RouteDecision;

/**
 * A chat request on its way to a tier: what the client asked, what the rulebook decided, and the tier that serves it
 * — the decided one, its fallback ({@code fallbackReason} says why) when the decided tier could not serve, or the large
 * tier when the small model doubted its answer to a tentative route ({@code escalation} says how much).
 */
public record RoutedChat(ChatRequest request, RouteDecision decision, String tier, String fallbackReason,
                         Escalation escalation) {

    /** Why a trial went to the large tier: the small model's confidence, the threshold, and the time the trial took. */
    public record Escalation(double confidence, double threshold, double trialMs) {
    }

    public static RoutedChat decided(ChatRequest request, RouteDecision decision) {
        return new RoutedChat(request, decision, decision.route(), null, null);
    }

    /** The same request sent to {@code fallbackTier} because the decided tier could not serve ({@code reason}). */
    public RoutedChat fallBack(String fallbackTier, String reason) {
        return new RoutedChat(request, decision, fallbackTier, reason, escalation);
    }

    /** The same request sent to {@code largeTier} because the small model doubted its first tokens. */
    public RoutedChat escalate(String largeTier, Escalation why) {
        return new RoutedChat(request, decision, largeTier, null, why);
    }

    public boolean isFallback() {
        return fallbackReason != null;
    }

    /** A tentative route still on its first tier: the small model's first tokens decide whether it keeps it. */
    public boolean onTrial() {
        return decision.escalateBelow() != null && escalation == null && fallbackReason == null
                && tier.equals(decision.route());
    }
}
