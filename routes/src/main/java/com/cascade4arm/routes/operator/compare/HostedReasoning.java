package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;
import java.util.Set;

/**
 * The hosted API's reasoning, as OpenRouter takes it in the request's {@code reasoning} object: off
 * ({@code {"enabled": false}}), an effort ({@code {"effort": "low|medium|high"}}) or a token budget
 * ({@code {"max_tokens": N}}). Written as {@code off}, {@code low}, {@code medium}, {@code high} or a whole number
 * (in {@code cascade.compare.hosted.reasoning} and in a compare's {@code hosted_reasoning}).
 *
 * @param effort    low, medium or high; null when off or a budget
 * @param maxTokens the reasoning token budget; null when off or an effort
 */
public record HostedReasoning(String effort, Integer maxTokens) {
    /** Reasoning on at OpenRouter's default effort, as the hosted baseline is described ("reasoning on"). */
    public static final HostedReasoning DEFAULT = new HostedReasoning("medium", null);
    public static final HostedReasoning OFF = new HostedReasoning(null, null);
    private static final Set<String> EFFORTS = Set.of("low", "medium", "high");
    /** Largest reasoning budget accepted, tokens (OpenRouter caps it per model; this only catches typos). */
    public static final int MAX_BUDGET_TOKENS = 128_000;

    /** Parses the written form; {@code what} names the key or field in the error (400 or a failed start). */
    public static HostedReasoning parse(String text, String what) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("off") || value.equals("none") || value.equals("false")) {
            return OFF;
        }
        if (EFFORTS.contains(value)) {
            return new HostedReasoning(value, null);
        }
        if (value.matches("[0-9]{1,6}")) {
            int tokens = Integer.parseInt(value);
            if (tokens >= 1 && tokens <= MAX_BUDGET_TOKENS) {
                return new HostedReasoning(null, tokens);
            }
        }
        throw new IllegalArgumentException(what + " must be off, low, medium, high or a token budget between 1 and "
                + MAX_BUDGET_TOKENS + ", but was " + text);
    }

    public boolean off() {
        return effort == null && maxTokens == null;
    }

    /** OpenRouter's {@code reasoning} object. */
    public ObjectNode toJson() {
        ObjectNode reasoning = Json.object();
        if (off()) {
            reasoning.put("enabled", false);
        } else if (effort != null) {
            reasoning.put("effort", effort);
        } else {
            reasoning.put("max_tokens", maxTokens);
        }
        return reasoning;
    }

    /** The written form: "off", "medium", "2048". */
    @Override
    public String toString() {
        return off() ? "off" : effort != null ? effort : String.valueOf(maxTokens);
    }
}
