package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.judge.AnswerQuality;
import com.cascade4arm.bench.stats.Percentiles;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The router scorecard of a run ({@link RouterScorecard}): per target that reported small/large routes, the rulebook
 * as measured against always-small, always-large and random-at-the-same-mix, estimated from the same run's per-tier
 * measurements at each concurrency level (so a policy is never compared with figures from another load).
 */
public final class Scorecards {
    static final String SMALL = "small";
    static final String LARGE = "large";
    private static final double MS_PER_S = 1_000;
    private static final int PER_THOUSAND = 1_000;

    private Scorecards() {
    }

    public static List<RouterScorecard> of(List<RequestRow> rows) {
        Map<String, List<RequestRow>> byTarget = rows.stream()
                .filter(r -> r.ok() && (SMALL.equals(r.route()) || LARGE.equals(r.route())))
                .collect(Collectors.groupingBy(RequestRow::target, LinkedHashMap::new, Collectors.toList()));
        List<RouterScorecard> cards = new ArrayList<>();
        byTarget.forEach((target, targetRows) -> cards.addAll(target(target, targetRows)));
        return cards;
    }

    private static List<RouterScorecard> target(String target, List<RequestRow> rows) {
        List<RouterScorecard> cards = new ArrayList<>();
        int n = rows.size();
        long large = rows.stream().filter(r -> LARGE.equals(r.route())).count();
        double largeShare = (double) large / n;
        boolean allCosted = rows.stream().allMatch(r -> r.costUsd() != null);
        List<RequestRow> escalated = rows.stream().filter(RequestRow::escalated).toList();
        List<Double> escalatedTtfts = escalated.stream().filter(r -> r.ttftMs() != null).map(RequestRow::ttftMs).toList();
        cards.add(new RouterScorecard(target, RouterScorecard.RULEBOOK, true, n, round(largeShare),
                allCosted ? round(rows.stream().mapToDouble(RequestRow::costUsd).sum() * PER_THOUSAND / n) : null,
                round(Percentiles.median(rows.stream().map(RequestRow::totalMs).toList())),
                round(share(rows, r -> r.route().equals(r.expectedRoute()))), escalated.size(),
                escalatedTtfts.isEmpty() ? null : round(Percentiles.median(escalatedTtfts)),
                missShare(rows, LARGE, SMALL), missShare(rows, SMALL, LARGE)));
        Map<String, TierStats> stats = TierStats.of(rows);
        if (!stats.keySet().stream().map(k -> k.substring(0, k.indexOf('@'))).collect(Collectors.toSet())
                .containsAll(List.of(SMALL, LARGE))) {
            return cards; // one tier never served: nothing to estimate the other from
        }
        double smallShare = share(rows, r -> SMALL.equals(r.expectedRoute()));
        List<Estimate> onSmall = rows.stream().map(r -> Estimate.of(r, SMALL, stats)).toList();
        List<Estimate> onLarge = rows.stream().map(r -> Estimate.of(r, LARGE, stats)).toList();
        boolean hard = rows.stream().anyMatch(r -> LARGE.equals(r.expectedRoute()));
        boolean easy = rows.stream().anyMatch(r -> SMALL.equals(r.expectedRoute()));
        cards.add(fixed(target, RouterScorecard.ALWAYS_SMALL, onSmall, 0, smallShare, hard ? 1.0 : null,
                easy ? 0.0 : null));
        cards.add(fixed(target, RouterScorecard.ALWAYS_LARGE, onLarge, 1, 1 - smallShare, hard ? 0.0 : null,
                easy ? 1.0 : null));
        cards.add(mixed(target, onSmall, onLarge, largeShare, smallShare, hard ? round(1 - largeShare) : null,
                easy ? round(largeShare) : null));
        return cards;
    }

    private static RouterScorecard fixed(String target, String policy, List<Estimate> estimates, double largeShare,
                                         double accuracy, Double hardSentSmall, Double easySentLarge) {
        Double cost = estimates.stream().anyMatch(e -> e.costUsd == null) ? null
                : round(estimates.stream().mapToDouble(e -> e.costUsd).sum() * PER_THOUSAND / estimates.size());
        return new RouterScorecard(target, policy, false, estimates.size(), largeShare, cost,
                round(Percentiles.median(estimates.stream().map(e -> e.latencyMs).toList())), round(accuracy), 0, null,
                hardSentSmall, easySentLarge);
    }

    /** Each prompt large with probability q (the rulebook's large share): expected cost, the mixture's median. */
    private static RouterScorecard mixed(String target, List<Estimate> onSmall, List<Estimate> onLarge, double q,
                                         double smallShare, Double hardSentSmall, Double easySentLarge) {
        int n = onSmall.size();
        Double cost = null;
        if (onSmall.stream().noneMatch(e -> e.costUsd == null) && onLarge.stream().noneMatch(e -> e.costUsd == null)) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += (1 - q) * onSmall.get(i).costUsd + q * onLarge.get(i).costUsd;
            }
            cost = round(sum * PER_THOUSAND / n);
        }
        List<double[]> weighted = new ArrayList<>(); // {latency, weight}
        onSmall.forEach(e -> weighted.add(new double[]{e.latencyMs, 1 - q}));
        onLarge.forEach(e -> weighted.add(new double[]{e.latencyMs, q}));
        return new RouterScorecard(target, RouterScorecard.RANDOM_SAME_MIX, false, n, round(q), cost,
                round(weightedMedian(weighted)), round(q * (1 - smallShare) + (1 - q) * smallShare), 0, null,
                hardSentSmall, easySentLarge);
    }

    /** The cards with the judged quality on the measured rulebook card of the judged (cascade) target. */
    public static List<RouterScorecard> withQuality(List<RouterScorecard> cards, AnswerQuality quality) {
        if (quality == null || quality.overall() == null) {
            return cards;
        }
        return cards.stream().map(card -> card.measured() && card.target().equals(quality.cascadeTarget())
                ? card.withQuality(quality.overall()) : card).toList();
    }

    static double weightedMedian(List<double[]> valueWeights) {
        valueWeights.sort(Comparator.comparingDouble(v -> v[0]));
        double total = valueWeights.stream().mapToDouble(v -> v[1]).sum();
        double seen = 0;
        for (double[] v : valueWeights) {
            seen += v[1];
            if (seen >= total / 2) {
                return v[0];
            }
        }
        return valueWeights.get(valueWeights.size() - 1)[0];
    }

    /** Of the rows expected on {@code expected}, the share routed to {@code routed}; null without such rows. */
    private static Double missShare(List<RequestRow> rows, String expected, String routed) {
        List<RequestRow> labelled = rows.stream().filter(r -> expected.equals(r.expectedRoute())).toList();
        return labelled.isEmpty() ? null : round(share(labelled, r -> routed.equals(r.route())));
    }

    private static double share(List<RequestRow> rows, Predicate<RequestRow> test) {
        return (double) rows.stream().filter(test).count() / rows.size();
    }

    private static double round(double value) {
        return RequestRow.round(value, 6);
    }

    /** What a tier measured at one concurrency level: median TTFT, median decode rate, median cost per ms. */
    private record TierStats(double ttftMs, double tokensPerSecond, Double costPerMs) {
        /** Keyed "tier@level". */
        static Map<String, TierStats> of(List<RequestRow> rows) {
            Map<String, List<RequestRow>> groups = rows.stream()
                    .collect(Collectors.groupingBy(r -> r.route() + "@" + r.level()));
            Map<String, TierStats> stats = new HashMap<>();
            groups.forEach((key, group) -> {
                List<Double> ttfts = group.stream().filter(r -> r.ttftMs() != null).map(RequestRow::ttftMs).toList();
                List<Double> rates = group.stream().map(RequestRow::tokensPerSecond).filter(t -> t > 0).toList();
                List<Double> costs = group.stream().filter(r -> r.costUsd() != null && r.totalMs() > 0)
                        .map(r -> r.costUsd() / r.totalMs()).toList();
                if (!ttfts.isEmpty() && !rates.isEmpty()) {
                    stats.put(key, new TierStats(Percentiles.median(ttfts), Percentiles.median(rates),
                            costs.isEmpty() ? null : Percentiles.median(costs)));
                }
            });
            return stats;
        }
    }

    /** One prompt on one tier: measured when the rulebook sent it there, else estimated from that tier's medians. */
    private record Estimate(double latencyMs, Double costUsd) {
        static Estimate of(RequestRow row, String tier, Map<String, TierStats> stats) {
            TierStats tierStats = stats.get(tier + "@" + row.level());
            if (tier.equals(row.route()) && !row.escalated()) {
                return new Estimate(row.totalMs(), row.costUsd());
            }
            if (tierStats == null) {
                tierStats = stats.entrySet().stream().filter(e -> e.getKey().startsWith(tier + "@"))
                        .map(Map.Entry::getValue).findFirst().orElseThrow();
            }
            double latency = tierStats.ttftMs + row.completionTokens() * MS_PER_S / tierStats.tokensPerSecond;
            return new Estimate(latency, tierStats.costPerMs == null ? null : latency * tierStats.costPerMs);
        }
    }
}
