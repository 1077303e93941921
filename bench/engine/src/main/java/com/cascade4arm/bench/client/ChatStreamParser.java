package com.cascade4arm.bench.client;

import com.cascade4arm.bench.stats.Throughput;
import com.cascade4arm.openai.Sse;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads an OpenAI/llama-server chat stream event by event and keeps what the benchmark needs: the time of the first
 * non-empty content delta (TTFT), content-delta count, the answer text, usage tokens, errors sent as {@code data: {"error":...}}, the
 * gateway's {@code cascade} object, llama-server's draft {@code timings} and whether {@code [DONE]} arrived. The SSE
 * framing (comments, other fields, line ends) is the shared decoder's; each event's data is one JSON chunk.
 */
public final class ChatStreamParser {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final double NANOS_PER_MS = 1_000_000.0;

    private final long startNanos;
    private long firstContentNanos = -1;
    private long contentDeltas;
    private Long usageCompletionTokens;
    private String error;
    private boolean done;
    private String route;
    private String rule;
    private String rulesVersion;
    private Double costUsd;
    private boolean escalated;
    private Long draftTokens;
    private Long draftAccepted;
    private Double draftAcceptance;
    private final StringBuilder answer = new StringBuilder();
    private StreamingChatClient.EventListener listener;

    public ChatStreamParser(long startNanos) {
        this.startNanos = startNanos;
    }

    /** Shows every event to {@code listener} too (null: to no one); returns this parser. */
    public ChatStreamParser listen(StreamingChatClient.EventListener listener) {
        this.listener = listener;
        return this;
    }

    /** Route and rule from response headers; a later {@code cascade} object fills only what is still missing. */
    public void routing(String headerRoute, String headerRule, String headerRulesVersion) {
        route = blankToNull(headerRoute);
        rule = blankToNull(headerRule);
        rulesVersion = blankToNull(headerRulesVersion);
    }

    /** Feeds one event's data ({@link com.cascade4arm.openai.SseDecoder} reads the stream), received at {@code nowNanos}. */
    public void onData(String data, long nowNanos) {
        if (data.equals(Sse.DONE)) {
            done = true;
            return;
        }
        try {
            onEvent(MAPPER.readTree(data), nowNanos);
        } catch (JsonProcessingException e) {
            error = firstNonNull(error, "unparseable stream event: " + abbreviate(data));
        }
    }

    /** The stream could not be read on (e.g. a line over the decoder's cap). */
    public void onStreamError(String message) {
        error = firstNonNull(error, message);
    }

    /** Feeds one parsed event or a whole non-streamed completion (its {@code message} counts as one delta). */
    public void onEvent(JsonNode event, long nowNanos) {
        if (listener != null) {
            listener.onEvent(event, nowNanos);
        }
        String eventError = ErrorBodies.errorMessage(event);
        if (eventError != null) {
            error = firstNonNull(error, eventError);
            return;
        }
        JsonNode choice = event.path("choices").path(0);
        String content = choice.path("delta").path("content").asText(choice.path("message").path("content").asText(""));
        if (!choice.isMissingNode() && !content.isEmpty()) {
            contentDeltas++;
            answer.append(content);
            if (firstContentNanos < 0) {
                firstContentNanos = nowNanos;
            }
        }
        JsonNode tokens = event.path("usage").path("completion_tokens");
        if (tokens.isNumber()) {
            usageCompletionTokens = tokens.asLong();
        }
        JsonNode timings = event.path("timings");
        if (timings.path("draft_n").isNumber()) {
            draftTokens = timings.path("draft_n").asLong();
            draftAccepted = timings.path("draft_n_accepted").isNumber() ? timings.path("draft_n_accepted").asLong() : null;
        }
        JsonNode cascade = event.path("cascade");
        if (cascade.isObject()) {
            route = firstNonNull(route, text(cascade, "route"));
            rule = firstNonNull(rule, text(cascade, "rule"));
            rulesVersion = firstNonNull(rulesVersion, text(cascade, "rules_version"));
            if (cascade.path("cost_usd").isNumber()) {
                costUsd = cascade.path("cost_usd").asDouble();
            }
            escalated = cascade.path("escalated").asBoolean(false);
            if (cascade.path("draft_acceptance").isNumber()) {
                draftAcceptance = cascade.path("draft_acceptance").asDouble();
            }
        }
    }

    /** Marks a non-streamed body as complete (it has no {@code [DONE]}). */
    public void markDone() {
        done = true;
    }

    /** The measurement at {@code endNanos}; a stream without {@code [DONE]} and without error is "truncated". */
    public StreamResult result(int status, long endNanos) {
        double totalMs = ms(endNanos - startNanos);
        String finalError = error != null ? error : (done ? null : StreamResult.TRUNCATED);
        Double ttftMs = firstContentNanos < 0 ? null : ms(firstContentNanos - startNanos);
        long tokens = usageCompletionTokens != null ? usageCompletionTokens : contentDeltas;
        double tokensPerSecond = ttftMs == null ? 0 : Throughput.decodeTokensPerSecond(tokens, ttftMs, totalMs);
        Double acceptance = draftAcceptance != null ? draftAcceptance
                : draftTokens != null && draftTokens > 0 && draftAccepted != null ? draftAccepted / (double) draftTokens
                : null;
        return new StreamResult(status, finalError, ttftMs, totalMs, tokens, tokensPerSecond, route, rule, rulesVersion,
                false, costUsd, escalated, answer.toString(), draftTokens, acceptance);
    }

    static double ms(long nanos) {
        return nanos / NANOS_PER_MS;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() ? blankToNull(value.asText()) : null;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    private static <T> T firstNonNull(T first, T second) {
        return first != null ? first : second;
    }

    static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
