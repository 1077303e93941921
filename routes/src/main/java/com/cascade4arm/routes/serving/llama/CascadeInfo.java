package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The "cascade" object every answer carries: how it was routed and what it measured. */
public final class CascadeInfo {
    private CascadeInfo() {
    }

    public static ObjectNode build(RoutedChat chat, UpstreamPool servedBy, UpstreamEndpoint endpoint, Usage usage,
                                   Double ttftMs, double totalMs, double costUsd, boolean exposeEndpoints) {
        RouteDecision decision = chat.decision();
        String fallbackReason = chat.fallbackReason();
        ObjectNode info = Json.object();
        info.put("route", servedBy.name());
        info.put("rule", decision.rule());
        info.put("reason", decision.reason());
        info.put("endpoint", endpoint(endpoint, exposeEndpoints));
        info.put("rules_version", decision.rulesVersion());
        if (ttftMs == null) {
            info.putNull("ttft_ms");
        } else {
            info.put("ttft_ms", round(ttftMs));
        }
        info.put("total_ms", round(totalMs));
        long completion = usage.completionTokensOrDeltas();
        info.put("prompt_tokens", usage.promptTokens);
        info.put("completion_tokens", completion);
        double generationMs = ttftMs == null ? totalMs : totalMs - ttftMs;
        info.put("tokens_per_second", generationMs > 0 ? round(completion * 1000.0 / generationMs) : 0.0);
        if (usage.draftAcceptance != null) {
            info.put("draft_acceptance", round(usage.draftAcceptance));
        }
        info.put("cost_usd", costUsd); // its measured share of the cascade's instance (SystemCost)
        info.put("fallback", fallbackReason != null);
        if (chat.escalation() != null) {
            // The small model doubted its first tokens: this answer is the large model's, after the trial.
            info.put("escalated", true);
            info.put("confidence", round(chat.escalation().confidence()));
            info.put("escalate_below", chat.escalation().threshold());
            info.put("escalation_trial_ms", round(chat.escalation().trialMs()));
            info.put("decided_route", decision.route());
        }
        if (fallbackReason != null) {
            info.put("fallback_reason", fallbackReason);
            info.put("decided_route", decision.route());
        }
        return info;
    }

    /** The endpoint as clients may see it: its base URL when cascade.expose-endpoints is on, else its name (small-0). */
    public static String endpoint(UpstreamEndpoint endpoint, boolean exposeEndpoints) {
        return exposeEndpoints ? endpoint.baseUri().toString() : endpoint.name();
    }

    private static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
