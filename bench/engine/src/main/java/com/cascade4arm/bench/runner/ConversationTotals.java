package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Percentiles;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One target over a whole multi-turn run: TTFT p50 of turn 1 (the whole prompt evaluated) against p50/p95 of turns 2
 * and later (a server with a prompt cache evaluates only the new turn), their ratio, prompt tokens sent, cached and
 * evaluated in total (cached and evaluated null when the server did not report its cache), throughput over the target's wall time, errors,
 * and the gateway's prefix-affinity outcomes (empty when no tier has more than one endpoint).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ConversationTotals(
        String target,
        int requests,
        int errors,
        double wallMs,
        Double ttftTurn1P50Ms,
        Double ttftLaterP50Ms,
        Double ttftLaterP95Ms,
        Double laterSpeedup,
        long promptTokens,
        Long cachedTokens,
        Long evaluatedTokens,
        double tokPerS,
        double reqPerS,
        Map<String, Integer> prefixAffinity) {

    static ConversationTotals of(String target, List<TurnRow> rows, double wallMs) {
        List<TurnRow> ok = rows.stream().filter(TurnRow::ok).toList();
        List<Double> first = ttfts(ok, true);
        List<Double> later = ttfts(ok, false);
        Double firstP50 = first.isEmpty() ? null : TurnFigures.round(Percentiles.percentile(first, 50));
        Double laterP50 = later.isEmpty() ? null : TurnFigures.round(Percentiles.percentile(later, 50));
        List<Long> cached = ok.stream().map(TurnRow::cachedTokens).filter(Objects::nonNull).toList();
        List<Long> evaluated = ok.stream().map(TurnRow::evaluatedTokens).filter(Objects::nonNull).toList();
        Map<String, Integer> affinity = new TreeMap<>();
        ok.stream().map(TurnRow::prefixAffinity).filter(Objects::nonNull).forEach(a -> affinity.merge(a, 1, Integer::sum));
        double seconds = Math.max(wallMs, 1e-3) / 1000.0;
        return new ConversationTotals(target, rows.size(), rows.size() - ok.size(), TurnFigures.round(wallMs),
                firstP50, laterP50, later.isEmpty() ? null : TurnFigures.round(Percentiles.percentile(later, 95)),
                firstP50 == null || laterP50 == null || laterP50 <= 0 ? null
                        : Math.round(firstP50 / laterP50 * 100.0) / 100.0,
                ok.stream().map(TurnRow::promptTokens).filter(Objects::nonNull).mapToLong(Long::longValue).sum(),
                cached.isEmpty() ? null : cached.stream().mapToLong(Long::longValue).sum(),
                evaluated.isEmpty() ? null : evaluated.stream().mapToLong(Long::longValue).sum(),
                TurnFigures.round(ok.stream().mapToLong(TurnRow::completionTokens).sum() / seconds),
                Math.round(ok.size() / seconds * 1000.0) / 1000.0, affinity);
    }

    private static List<Double> ttfts(List<TurnRow> ok, boolean firstTurn) {
        return ok.stream().filter(r -> (r.turn() == 1) == firstTurn).map(TurnRow::ttftMs).filter(Objects::nonNull)
                .toList();
    }
}
