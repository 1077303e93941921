package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Arrays;
import java.util.List;

/**
 * One turn of a multi-turn run, as written to {@code turns.csv}: which conversation and turn, what the answer said of
 * its prompt (tokens, cached tokens: null when not reported), its route, endpoint and prefix-affinity outcome (through
 * the gateway), and its times (ms, 3 decimals; {@code ttftMs} null without content).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TurnRow(
        String runId,
        String target,
        String conversation,
        int turn,
        String category,
        int status,
        String error,
        Double ttftMs,
        double totalMs,
        Long promptTokens,
        Long cachedTokens,
        Long evaluatedTokens,
        long completionTokens,
        String route,
        String endpoint,
        String prefixAffinity,
        String startedAt) {

    public static final List<String> HEADER = List.of("run_id", "target", "conversation", "turn", "category", "status",
            "error", "ttft_ms", "total_ms", "prompt_tokens", "cached_tokens", "evaluated_tokens", "completion_tokens",
            "route", "endpoint", "prefix_affinity", "started_at");

    static TurnRow of(String runId, String target, String conversation, int turn, String category, TurnResult result,
                      String startedAt) {
        return new TurnRow(runId, target, conversation, turn, category, result.status(), result.error(),
                result.ttftMs() == null ? null : RequestRow.round(result.ttftMs(), 3), RequestRow.round(result.totalMs(), 3),
                result.promptTokens(), result.cachedTokens(), result.evaluatedTokens(), result.completionTokens(),
                result.route(), result.endpoint(), result.prefixAffinity(), startedAt);
    }

    public boolean ok() {
        return (error == null || error.isEmpty()) && status >= 200 && status < 300;
    }

    List<String> csvFields() {
        return Arrays.asList(runId, target, conversation, Integer.toString(turn), category, Integer.toString(status),
                error, ttftMs == null ? null : RequestRow.plain(ttftMs), RequestRow.plain(totalMs), text(promptTokens),
                text(cachedTokens), text(evaluatedTokens), Long.toString(completionTokens), route, endpoint,
                prefixAffinity, startedAt);
    }

    private static String text(Long value) {
        return value == null ? null : value.toString();
    }
}
