package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Percentiles;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One target at one turn of the multi-turn suite, over the conversations run: TTFT p50/p95 of the answered turns
 * (null when none answered), the mean prompt tokens sent, cached by the server and evaluated (null when no answer
 * reported them: a server that does not report its cache leaves cached null), and the routes taken.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TurnFigures(
        String target,
        int turn,
        int requests,
        int errors,
        Double ttftP50Ms,
        Double ttftP95Ms,
        Double promptTokens,
        Double cachedTokens,
        Double evaluatedTokens,
        Map<String, Integer> routes) {

    static TurnFigures of(String target, int turn, List<TurnRow> rows) {
        List<TurnRow> ok = rows.stream().filter(TurnRow::ok).toList();
        List<Double> ttfts = ok.stream().map(TurnRow::ttftMs).filter(Objects::nonNull).toList();
        Map<String, Integer> routes = new TreeMap<>();
        ok.forEach(r -> routes.merge(r.route() == null ? "-" : r.route(), 1, Integer::sum));
        return new TurnFigures(target, turn, rows.size(), rows.size() - ok.size(),
                ttfts.isEmpty() ? null : round(Percentiles.percentile(ttfts, 50)),
                ttfts.isEmpty() ? null : round(Percentiles.percentile(ttfts, 95)),
                mean(ok.stream().map(TurnRow::promptTokens).filter(Objects::nonNull).toList()),
                mean(ok.stream().map(TurnRow::cachedTokens).filter(Objects::nonNull).toList()),
                mean(ok.stream().map(TurnRow::evaluatedTokens).filter(Objects::nonNull).toList()),
                routes);
    }

    private static Double mean(List<Long> values) {
        return values.isEmpty() ? null : round(Percentiles.mean(values));
    }

    static double round(double value) {
        return Math.round(value * 10.0) / 10.0;
    }
}
