package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.cost.CostModel;
import com.cascade4arm.bench.stats.Bootstrap;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.bench.stats.Throughput;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * One target at one concurrency level: counts, rates over the level's wall time for that target (first dispatch to
 * last completion) and latency percentiles over its successful requests (null when none succeeded), each with the
 * bounds of its 95 % bootstrap interval. Rounded to 3 decimals. With the target's instance price: what the level cost
 * (price × the level's wall time, {@link CostModel#runUsd}) and per million output tokens; null without a price.
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
        Double medianTtftMs,
        Double p50LowMs,
        Double p50HighMs,
        Double p95LowMs,
        Double p95HighMs,
        Double costUsd,
        @JsonProperty("usd_per_m_output_tokens") Double usdPerMOutputTokens) {

    public static final List<String> HEADER = List.of("target", "level", "requests", "ok", "errors", "wall_ms",
            "req_per_s", "tok_per_s", "p50_ms", "p95_ms", "median_ttft_ms", "p50_low_ms", "p50_high_ms", "p95_low_ms",
            "p95_high_ms", "cost_usd", "usd_per_m_output_tokens");

    /** Aggregates the rows of one target and level, without a price. */
    public static LevelAggregate of(String target, int level, List<RequestRow> rows, double measuredWallMs) {
        return of(target, level, rows, measuredWallMs, null);
    }

    /** Aggregates the rows of one target and level; {@code usdPerHour}: its instance price, null when unknown. */
    public static LevelAggregate of(String target, int level, List<RequestRow> rows, double measuredWallMs,
                                    Double usdPerHour) {
        double wallMs = round(measuredWallMs); // rates from the written value keep aggregates.csv self-consistent
        List<RequestRow> ok = rows.stream().filter(RequestRow::ok).toList();
        List<Double> latencies = ok.stream().map(RequestRow::totalMs).toList();
        List<Double> ttfts = ok.stream().map(RequestRow::ttftMs).filter(Objects::nonNull).toList();
        long tokens = ok.stream().mapToLong(RequestRow::completionTokens).sum();
        Bootstrap.Interval p50 = latencies.isEmpty() ? null : Bootstrap.percentile(latencies, 50);
        Bootstrap.Interval p95 = latencies.isEmpty() ? null : Bootstrap.percentile(latencies, 95);
        return new LevelAggregate(target, level, rows.size(), ok.size(), rows.size() - ok.size(),
                wallMs, round(Throughput.perSecond(ok.size(), wallMs)), round(Throughput.perSecond(tokens, wallMs)),
                latencies.isEmpty() ? null : round(Percentiles.percentile(latencies, 50)),
                latencies.isEmpty() ? null : round(Percentiles.percentile(latencies, 95)),
                ttfts.isEmpty() ? null : round(Percentiles.median(ttfts)),
                bound(p50, Bootstrap.Interval::low), bound(p50, Bootstrap.Interval::high),
                bound(p95, Bootstrap.Interval::low), bound(p95, Bootstrap.Interval::high),
                usdPerHour == null ? null : RequestRow.round(CostModel.runUsd(usdPerHour, wallMs), 8),
                usdPerHour == null ? null : roundOrNull(CostModel.usdPerMillionOutput(usdPerHour, wallMs, tokens)));
    }

    public List<String> csvFields() {
        return Arrays.asList(target, Integer.toString(level), Integer.toString(requests), Integer.toString(ok),
                Integer.toString(errors), RequestRow.plain(wallMs), RequestRow.plain(reqPerS),
                RequestRow.plain(tokPerS), plainOrNull(p50Ms), plainOrNull(p95Ms), plainOrNull(medianTtftMs),
                plainOrNull(p50LowMs), plainOrNull(p50HighMs), plainOrNull(p95LowMs), plainOrNull(p95HighMs),
                plainOrNull(costUsd), plainOrNull(usdPerMOutputTokens));
    }

    private static Double bound(Bootstrap.Interval interval, ToDoubleFunction<Bootstrap.Interval> side) {
        return interval == null ? null : round(side.applyAsDouble(interval));
    }

    private static String plainOrNull(Double value) {
        return value == null ? null : RequestRow.plain(value);
    }

    private static Double roundOrNull(Double value) {
        return value == null ? null : round(value);
    }

    private static double round(double value) {
        return RequestRow.round(value, 3);
    }
}
