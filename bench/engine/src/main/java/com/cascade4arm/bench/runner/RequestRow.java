package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.suite.Prompt;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One request of a run, as written to {@code rows.csv}. Times are milliseconds rounded to 3 decimals (so the values
 * in memory equal the ones on disk); {@code ttftMs} is null when no content arrived; {@code error} is null when ok.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RequestRow(
        String runId,
        String target,
        int level,
        int seq,
        String promptId,
        String category,
        String expectedRoute,
        String route,
        String rule,
        int status,
        String error,
        Double ttftMs,
        double totalMs,
        long completionTokens,
        double tokensPerSecond,
        String startedAt,
        Double costUsd,
        boolean escalated) {

    public static final List<String> HEADER = List.of("run_id", "target", "level", "seq", "prompt_id", "category",
            "expected_route", "route", "rule", "status", "error", "ttft_ms", "total_ms", "completion_tokens",
            "tokens_per_second", "started_at", "cost_usd", "escalated");
    /** Fields of a row written before cost_usd and escalated were recorded: such runs still load. */
    static final int OLD_FIELDS = 16;

    /** A row without cost and escalation (a target that is not a cascade, or a run from before they were recorded). */
    public RequestRow(String runId, String target, int level, int seq, String promptId, String category,
                      String expectedRoute, String route, String rule, int status, String error, Double ttftMs,
                      double totalMs, long completionTokens, double tokensPerSecond, String startedAt) {
        this(runId, target, level, seq, promptId, category, expectedRoute, route, rule, status, error, ttftMs, totalMs,
                completionTokens, tokensPerSecond, startedAt, null, false);
    }

    public static RequestRow of(String runId, String target, int level, int seq, Prompt prompt, StreamResult result,
                                String startedAt) {
        return new RequestRow(runId, target, level, seq, prompt.id(), prompt.category(), prompt.expectedRoute(),
                result.route(), result.rule(), result.status(), result.error(),
                result.ttftMs() == null ? null : round(result.ttftMs(), 3), round(result.totalMs(), 3),
                result.completionTokens(), round(result.tokensPerSecond(), 2), startedAt, result.costUsd(),
                result.escalated());
    }

    /** Successful: a 2xx status and no error. */
    public boolean ok() {
        return (error == null || error.isEmpty()) && status >= 200 && status < 300;
    }

    public List<String> csvFields() {
        return Arrays.asList(runId, target, Integer.toString(level), Integer.toString(seq), promptId, category,
                expectedRoute, route, rule, Integer.toString(status), error, ttftMs == null ? null : plain(ttftMs),
                plain(totalMs), Long.toString(completionTokens), plain(tokensPerSecond), startedAt,
                costUsd == null ? null : plain(costUsd), Boolean.toString(escalated));
    }

    public static RequestRow fromCsv(List<String> fields) {
        if (fields.size() != HEADER.size() && fields.size() != OLD_FIELDS) {
            throw new IllegalArgumentException("a rows.csv record must have " + HEADER.size() + " fields, but had "
                    + fields.size() + ": " + fields);
        }
        List<String> f = new ArrayList<>(fields);
        f.replaceAll(value -> value.isEmpty() ? null : value);
        return new RequestRow(f.get(0), f.get(1), Integer.parseInt(f.get(2)), Integer.parseInt(f.get(3)), f.get(4),
                f.get(5), f.get(6), f.get(7), f.get(8), Integer.parseInt(f.get(9)), f.get(10),
                f.get(11) == null ? null : Double.valueOf(f.get(11)), Double.parseDouble(f.get(12)),
                Long.parseLong(f.get(13)), Double.parseDouble(f.get(14)), f.get(15),
                f.size() > OLD_FIELDS && f.get(16) != null ? Double.valueOf(f.get(16)) : null,
                f.size() > OLD_FIELDS && Boolean.parseBoolean(f.get(17)));
    }

    static double round(double value, int decimals) {
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
    }

    static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
