package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;

/**
 * How one system did in a compare — the per-system object of the API. Every key is always present (null when it does
 * not apply), so the UI can render three columns from one shape.
 */
public record SystemResult(SystemName system, Status status, String model, String endpoint, String text,
                           boolean partial, Routing routing, Measures measures, Double costUsd, int retries,
                           String error, Long cooldownSeconds) {

    public enum Status {
        OK, SKIPPED, ERROR, COOLING_DOWN;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The cascade's routing, from the gateway's own {@code cascade} object (null for the other systems). */
    public record Routing(String route, String rule, String reason, Boolean fallback, Double draftAcceptance) {
    }

    /**
     * Measured numbers, all from the compare's start (so the three systems share one clock): ms rounded to 3 decimals.
     * {@code tokensPerSecond} = completion tokens / (total − first streamed token, content or reasoning).
     */
    public record Measures(Double ttftMs, Double totalMs, Long promptTokens, Long completionTokens,
                           Long reasoningTokens, Double tokensPerSecond) {
        public static final Measures NONE = new Measures(null, null, null, null, null, null);
    }

    public static SystemResult skipped(SystemName system, String model, String endpoint, String reason) {
        return new SystemResult(system, Status.SKIPPED, model, endpoint, "", false, null, Measures.NONE, null, 0,
                reason, null);
    }

    public static SystemResult coolingDown(SystemName system, String model, String endpoint, long remainingMs) {
        long seconds = Math.max(1, (remainingMs + 999) / 1000);
        return new SystemResult(system, Status.COOLING_DOWN, model, endpoint, "", false, null, Measures.NONE, null, 0,
                system.id() + " is cooling down after repeated HTTP 429 (rate limited); skipped for " + seconds + " s more",
                seconds);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("status", status.id());
        json.put("model", model);
        json.put("endpoint", endpoint);
        json.put("text", text);
        json.put("partial", partial);
        json.put("route", routing == null ? null : routing.route());
        json.put("rule", routing == null ? null : routing.rule());
        json.put("route_reason", routing == null ? null : routing.reason());
        json.put("fallback", routing == null ? null : routing.fallback());
        json.put("draft_acceptance", routing == null ? null : routing.draftAcceptance());
        json.put("ttft_ms", measures.ttftMs());
        json.put("total_ms", measures.totalMs());
        json.put("prompt_tokens", measures.promptTokens());
        json.put("completion_tokens", measures.completionTokens());
        json.put("reasoning_tokens", measures.reasoningTokens());
        json.put("tokens_per_second", measures.tokensPerSecond());
        json.put("cost_usd", costUsd);
        json.put("retries", retries);
        json.put("error", error);
        json.put("cooldown_seconds", cooldownSeconds);
        return json;
    }
}
