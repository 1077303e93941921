package com.cascade4arm.routes.serving.requestlog;

import java.time.Instant;

/**
 * One request as the log keeps it: who (key alias and prefix, null without a key), what (kind: chat, compare,
 * explain), how it was served (route, rule, endpoint, escalated, fallback), how it went (status, TTFT, total, tokens,
 * cost), and which gateway replica served it (null with local files). {@code prompt} and {@code answer} are null
 * unless cascade.request-log.content=true.
 */
public record RequestRecord(Instant time, String requestId, String kind, String keyAlias, String keyPrefix, int status,
                            String route, String rule, String endpoint, Double ttftMs, Double totalMs,
                            Long promptTokens, Long completionTokens, Double costUsd, boolean escalated,
                            boolean fallback, String prompt, String answer, String replica) {
}
