package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.bench.stats.Throughput;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One target at one concurrency level: counts, rates over the level's wall time for that target (first dispatch to
 * last completion) and latency percentiles over its successful requests (null when none succeeded). Rounded to 3
 * decimals.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LevelAggregate(
        String target,
        int level,
        int requests,
        int ok,
        int errors,
        double wallMs,
        double reqPerS,
        double tokPerS,
        Double p50Ms,
        Double p95Ms,
        Double medianTtftMs) {

    public static final List<String> HEADER = List.of("target", "level", "requests", "ok", "errors", "wall_ms",
            "req_per_s", "tok_per_s", "p50_ms", "p95_ms", "median_ttft_ms");

    /** Aggregates the rows of one target and level. */
    public static LevelAggregate of(String target, int level, List<RequestRow> rows, double measuredWallMs) {
        double wallMs = round(measuredWallMs); // rates from the written value keep aggregates.csv self-consistent
        List<RequestRow> ok = rows.stream().filter(RequestRow::ok).toList();
        List<Double> latencies = ok.stream().map(RequestRow::totalMs).toList();
        List<Double> ttfts = ok.stream().map(RequestRow::ttftMs).filter(Objects::nonNull).toList();
        long tokens = ok.stream().mapToLong(RequestRow::completionTokens).sum();
        return new LevelAggregate(target, level, rows.size(), ok.size(), rows.size() - ok.size(),
                wallMs, round(Throughput.perSecond(ok.size(), wallMs)), round(Throughput.perSecond(tokens, wallMs)),
                latencies.isEmpty() ? null : round(Percentiles.percentile(latencies, 50)),
                latencies.isEmpty() ? null : round(Percentiles.percentile(latencies, 95)),
                ttfts.isEmpty() ? null : round(Percentiles.median(ttfts)));
    }

    public List<String> csvFields() {
        return Arrays.asList(target, Integer.toString(level), Integer.toString(requests), Integer.toString(ok),
                Integer.toString(errors), RequestRow.plain(wallMs), RequestRow.plain(reqPerS),
                RequestRow.plain(tokPerS), plainOrNull(p50Ms), plainOrNull(p95Ms), plainOrNull(medianTtftMs));
    }

    private static String plainOrNull(Double value) {
        return value == null ? null : RequestRow.plain(value);
    }

    private static double round(double value) {
        return RequestRow.round(value, 3);
    }
}
