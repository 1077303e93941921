package com.cascade4arm.routes.serving.llama;

import com.fasterxml.jackson.databind.JsonNode;

/** Token counts and llama-server timings gathered from an upstream answer. */
public final class Usage {
    long promptTokens;
    long completionTokens;
    long contentDeltas;
    Double draftAcceptance;
    Double upstreamPredictedMs;
    /** Prompt tokens the upstream took from its KV cache (llama-server's timings.cache_n, usage's cached_tokens). */
    Long cachedTokens;
    /** Prompt tokens the upstream evaluated (llama-server's timings.prompt_n). */
    Long evaluatedTokens;

    void absorbUsage(JsonNode usage) {
        if (usage != null && usage.isObject()) {
            promptTokens = usage.path("prompt_tokens").asLong(promptTokens);
            completionTokens = usage.path("completion_tokens").asLong(completionTokens);
            JsonNode cached = usage.path("prompt_tokens_details").path("cached_tokens");
            if (cached.isNumber()) {
                cachedTokens = cached.asLong();
            }
        }
    }

    void absorbTimings(JsonNode timings) {
        if (timings == null || !timings.isObject()) {
            return;
        }
        if (timings.has("predicted_ms")) {
            upstreamPredictedMs = timings.get("predicted_ms").asDouble();
        }
        long draftN = timings.path("draft_n").asLong(0);
        if (draftN > 0) {
            draftAcceptance = timings.path("draft_n_accepted").asLong(0) / (double) draftN;
        }
        if (completionTokens == 0 && timings.has("predicted_n")) {
            completionTokens = timings.get("predicted_n").asLong();
        }
        if (timings.path("cache_n").isNumber()) {
            cachedTokens = timings.get("cache_n").asLong();
        }
        if (timings.path("prompt_n").isNumber()) {
            evaluatedTokens = timings.get("prompt_n").asLong();
        }
        if (promptTokens == 0 && timings.has("prompt_n")) {
            promptTokens = timings.get("prompt_n").asLong();
        }
    }

    /** Prompt tokens evaluated: as reported, else all the prompt but its cached part; null when neither is known. */
    Long evaluatedOrUncached() {
        if (evaluatedTokens != null) {
            return evaluatedTokens;
        }
        return cachedTokens == null ? null : Math.max(0, promptTokens - cachedTokens);
    }

    /** Completion tokens as reported, else the count of content deltas (one token each on llama-server). */
    long completionTokensOrDeltas() {
        return completionTokens > 0 ? completionTokens : contentDeltas;
    }
}
