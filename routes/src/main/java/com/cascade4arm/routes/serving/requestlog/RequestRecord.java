package com.cascade4arm.routes.serving.requestlog;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;

/**
 * One request as the log keeps it: who (key alias and prefix, null without a key), what (kind: chat, compare,
 * explain), how it was served (route, rule, endpoint, escalated, fallback, overflow: the reason it went to the hosted
 * API, else null), how it went (status, TTFT, total, tokens, cost), and why (the rule's reason, the rules version and
 * the facts the decision used: {@code facts} bounded by {@link RequestLog#MAX_FACTS_CHARS}; all null when the request
 * never reached the rulebook), and which gateway replica served it (null with local files). {@code prompt} and {@code answer} are null unless cascade.request-log.content=true.
 */
public record RequestRecord(Instant time, String requestId, String kind, String keyAlias, String keyPrefix, int status,
                            String route, String rule, String endpoint, Double ttftMs, Double totalMs,
                            Long promptTokens, Long completionTokens, Double costUsd, boolean escalated,
                            boolean fallback, String overflow, String prompt, String answer, String reason,
                            Long rulesVersion, JsonNode facts, String replica) {

    /** A record without the decision's explanation (reason, rules version, facts). */
    public RequestRecord(Instant time, String requestId, String kind, String keyAlias, String keyPrefix, int status,
                         String route, String rule, String endpoint, Double ttftMs, Double totalMs,
                         Long promptTokens, Long completionTokens, Double costUsd, boolean escalated,
                         boolean fallback, String overflow, String prompt, String answer, String replica) {
        this(time, requestId, kind, keyAlias, keyPrefix, status, route, rule, endpoint, ttftMs, totalMs, promptTokens,
                completionTokens, costUsd, escalated, fallback, overflow, prompt, answer, null, null, null, replica);
    }
}
