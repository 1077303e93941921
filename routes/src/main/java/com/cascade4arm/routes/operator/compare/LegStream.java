package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;

/**
 * Collects one attempt's SSE stream, event by event as the attempt reads it: the text, when the first content and first token
 * of any kind (content or reasoning) arrived, usage with reasoning tokens, the gateway's {@code cascade} object, and
 * error events — which end the stream as a {@link StreamErrorEvent}. Content deltas go on to the client as they come.
 */
final class LegStream {
    private final SystemName system;
    private final CompareEvents events;
    private final StringBuilder text = new StringBuilder();
    private long firstContentNanos;
    private long firstTokenNanos;
    private long contentDeltas;
    private long reasoningDeltas;
    private Long promptTokens;
    private Long completionTokens;
    private Long reasoningTokens;
    private JsonNode cascade;

    LegStream(SystemName system, CompareEvents events) {
        this.system = system;
        this.events = events;
    }

    /** One {@code data:} payload; an error event ends the stream as a {@link StreamErrorEvent}. */
    synchronized void onData(String data) {
        JsonNode chunk;
        try {
            chunk = Json.MAPPER.readTree(data);
        } catch (IOException e) {
            throw new StreamErrorEvent(502, "malformed SSE event in the stream");
        }
        if (chunk.hasNonNull("error")) {
            throw StreamErrorEvent.from(chunk.get("error"));
        }
        if (chunk.hasNonNull("usage")) {
            absorbUsage(chunk.get("usage"));
        }
        if (chunk.hasNonNull("cascade")) {
            cascade = chunk.get("cascade");
        }
        JsonNode delta = chunk.path("choices").path(0).path("delta");
        String reasoning = delta.path("reasoning").asText(delta.path("reasoning_content").asText(""));
        if (!reasoning.isEmpty()) {
            reasoningDeltas++;
            markToken();
        }
        String content = delta.path("content").asText("");
        if (!content.isEmpty()) {
            text.append(content);
            contentDeltas++;
            markToken();
            if (firstContentNanos == 0) {
                firstContentNanos = System.nanoTime();
            }
            events.delta(system, content);
        }
    }

    private void markToken() {
        if (firstTokenNanos == 0) {
            firstTokenNanos = System.nanoTime();
        }
    }

    private void absorbUsage(JsonNode usage) {
        if (usage.hasNonNull("prompt_tokens")) {
            promptTokens = usage.get("prompt_tokens").asLong();
        }
        if (usage.hasNonNull("completion_tokens")) {
            completionTokens = usage.get("completion_tokens").asLong();
        }
        JsonNode reasoning = usage.path("completion_tokens_details").path("reasoning_tokens");
        if (reasoning.isNumber()) {
            reasoningTokens = reasoning.asLong();
        }
    }

    /** The gateway's routing headers arrived with the stream: tell the client at once (only the cascade has them). */
    void routed(String route, String rule) {
        if (route != null && !route.isBlank()) {
            events.routed(system, route, rule);
        }
    }

    /** True once any content reached the client: from then on the answer must not be retried. */
    synchronized boolean shown() {
        return contentDeltas > 0;
    }

    synchronized String text() {
        return text.toString();
    }

    synchronized JsonNode cascade() {
        return cascade;
    }

    /** The numbers of this attempt, measured from {@code startedNanos} (the compare's start) to {@code endNanos}. */
    synchronized SystemResult.Measures measures(long startedNanos, long endNanos) {
        Double ttft = firstContentNanos == 0 ? null : round(ms(firstContentNanos - startedNanos));
        double total = round(ms(endNanos - startedNanos));
        long completion = completionTokens != null ? completionTokens : contentDeltas + reasoningDeltas;
        long reasoning = reasoningTokens != null ? reasoningTokens : reasoningDeltas;
        double generationMs = firstTokenNanos == 0 ? 0 : ms(endNanos - firstTokenNanos);
        Double perSecond = generationMs > 0 && completion > 0 ? round(completion * 1000.0 / generationMs) : null;
        return new SystemResult.Measures(ttft, total, promptTokens, completion, reasoning, perSecond);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
