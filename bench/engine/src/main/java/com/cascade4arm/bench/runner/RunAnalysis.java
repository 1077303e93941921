package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Bootstrap;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.bench.stats.Saturation;
import com.cascade4arm.bench.stats.Throughput;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** Derives the run-level results (saturation, speed-ups, routing accuracy, per prompt) from the rows and aggregates. */
public final class RunAnalysis {

    private RunAnalysis() {
    }

    /**
     * Per target, in the order targets first appear: saturation level on aggregate tok/s and the c_max/c_min ratio,
     * with an interval from resampling the answered requests of both levels ({@code rows}).
     */
    public static List<TargetSaturation> saturation(List<LevelAggregate> aggregates, List<RequestRow> rows) {
        Map<String, TreeMap<Integer, Double>> byTarget = new LinkedHashMap<>();
        aggregates.forEach(a -> byTarget.computeIfAbsent(a.target(), t -> new TreeMap<>()).put(a.level(), a.tokPerS()));
        List<TargetSaturation> result = new ArrayList<>();
        byTarget.forEach((target, throughput) -> {
            Saturation.Point point = Saturation.find(throughput);
            Double ratio = Throughput.ratio(throughput.lastEntry().getValue(), throughput.firstEntry().getValue());
            Bootstrap.Interval interval = ratio == null ? null
                    : throughputRatioInterval(rows, target, throughput.firstKey(), throughput.lastKey(), ratio);
            result.add(new TargetSaturation(target, point.level(), point.reached(), throughput.firstKey(),
                    throughput.lastKey(), ratio == null ? null : RequestRow.round(ratio, 3),
                    interval == null ? null : RequestRow.round(interval.low(), 3),
                    interval == null ? null : RequestRow.round(interval.high(), 3)));
        });
        return result;
    }

    /**
     * The measured (wall-clock) ratio scaled by the bootstrap spread of tokens per request-millisecond at the two
     * levels: with a closed loop of c clients, a level's throughput is c times that rate, so c cancels in the scale.
     */
    private static Bootstrap.Interval throughputRatioInterval(List<RequestRow> rows, String target, int minLevel,
                                                              int maxLevel, double measured) {
        List<RequestRow> low = okRows(rows, target, minLevel);
        List<RequestRow> high = okRows(rows, target, maxLevel);
        double lowRate = rate(low);
        double highRate = rate(high);
        if (lowRate <= 0 || highRate <= 0) {
            return null;
        }
        Bootstrap.Interval spread = Bootstrap.ratioOfRates(tokens(high), times(high), tokens(low), times(low));
        double scale = measured / (highRate / lowRate);
        return new Bootstrap.Interval(spread.low() * scale, spread.high() * scale);
    }

    private static List<RequestRow> okRows(List<RequestRow> rows, String target, int level) {
        return rows.stream().filter(r -> r.target().equals(target) && r.level() == level && r.ok()).toList();
    }

    private static double rate(List<RequestRow> rows) {
        double time = rows.stream().mapToDouble(RequestRow::totalMs).sum();
        return time > 0 ? rows.stream().mapToDouble(RequestRow::completionTokens).sum() / time : 0;
    }

    private static double[] tokens(List<RequestRow> rows) {
        return rows.stream().mapToDouble(RequestRow::completionTokens).toArray();
    }

    private static double[] times(List<RequestRow> rows) {
        return rows.stream().mapToDouble(RequestRow::totalMs).toArray();
    }

    /** The first target against each other target, per category (suite order) and over all categories. */
    public static List<SpeedUp> speedUps(List<RequestRow> rows, List<String> targets, List<String> categories) {
        List<SpeedUp> result = new ArrayList<>();
        if (targets.size() < 2) {
            return result;
        }
        String a = targets.get(0);
        for (String b : targets.subList(1, targets.size())) {
            for (String category : categories) {
                speedUp(rows, a, b, category, r -> r.category().equals(category)).ifPresent(result::add);
            }
            speedUp(rows, a, b, SpeedUp.ALL_CATEGORIES, r -> true).ifPresent(result::add);
        }
        return result;
    }

    /** Per target that reported routes: per category and overall. */
    public static List<RoutingAccuracy> accuracy(List<RequestRow> rows, List<String> categories) {
        List<RoutingAccuracy> result = new ArrayList<>();
        Map<String, List<RequestRow>> routed = rows.stream()
                .filter(r -> r.ok() && r.route() != null && !r.route().isEmpty())
                .collect(Collectors.groupingBy(RequestRow::target, LinkedHashMap::new, Collectors.toList()));
        routed.forEach((target, targetRows) -> {
            for (String category : categories) {
                accuracy(target, category, targetRows.stream().filter(r -> r.category().equals(category)).toList())
                        .ifPresent(result::add);
            }
            accuracy(target, SpeedUp.ALL_CATEGORIES, targetRows).ifPresent(result::add);
        });
        return result;
    }

    /**
     * Per prompt in first-seen order ({@code texts}: prompt text by id): the first target's most frequent route, each
     * target's median latency and the first target's speed-up over the second.
     */
    public static List<PromptResult> perPrompt(List<RequestRow> rows, List<String> targets, Map<String, String> texts) {
        Map<String, List<RequestRow>> byPrompt = rows.stream()
                .collect(Collectors.groupingBy(RequestRow::promptId, LinkedHashMap::new, Collectors.toList()));
        List<PromptResult> result = new ArrayList<>();
        byPrompt.forEach((promptId, promptRows) -> {
            Map<String, Double> medians = new LinkedHashMap<>();
            for (String target : targets) {
                List<Double> latencies = okLatencies(promptRows, target, r -> true);
                medians.put(target, latencies.isEmpty() ? null : RequestRow.round(Percentiles.median(latencies), 3));
            }
            Double a = medians.get(targets.get(0));
            Double b = targets.size() > 1 ? medians.get(targets.get(1)) : null;
            RequestRow first = promptRows.get(0);
            result.add(new PromptResult(promptId, texts.get(promptId), first.category(), first.expectedRoute(),
                    mostFrequentRoute(promptRows, targets.get(0)), medians,
                    a == null || b == null || a <= 0 ? null : RequestRow.round(b / a, 3)));
        });
        return result;
    }

    private static String mostFrequentRoute(List<RequestRow> rows, String target) {
        return rows.stream().filter(r -> r.target().equals(target) && r.route() != null && !r.route().isEmpty())
                .collect(Collectors.groupingBy(RequestRow::route, TreeMap::new, Collectors.counting()))
                .entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    private static Optional<SpeedUp> speedUp(List<RequestRow> rows, String a, String b, String category,
                                                       Predicate<RequestRow> inCategory) {
        List<Double> latenciesA = okLatencies(rows, a, inCategory);
        List<Double> latenciesB = okLatencies(rows, b, inCategory);
        if (latenciesA.isEmpty() || latenciesB.isEmpty()) {
            return Optional.empty();
        }
        double medianA = Percentiles.median(latenciesA);
        double medianB = Percentiles.median(latenciesB);
        if (medianA <= 0) {
            return Optional.empty();
        }
        Bootstrap.Interval interval = Bootstrap.ratioOfMedians(latenciesB, latenciesA);
        return Optional.of(new SpeedUp(category, a, b, latenciesA.size(), latenciesB.size(),
                RequestRow.round(medianA, 3), RequestRow.round(medianB, 3), RequestRow.round(medianB / medianA, 3),
                RequestRow.round(interval.low(), 3), RequestRow.round(interval.high(), 3), interval.contains(1)));
    }

    private static List<Double> okLatencies(List<RequestRow> rows, String target, Predicate<RequestRow> inCategory) {
        return rows.stream().filter(r -> r.target().equals(target) && r.ok() && inCategory.test(r))
                .map(RequestRow::totalMs).toList();
    }

    private static Optional<RoutingAccuracy> accuracy(String target, String category, List<RequestRow> rows) {
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        int correct = (int) rows.stream().filter(r -> r.route().equals(r.expectedRoute())).count();
        int hardSentSmall = (int) rows.stream()
                .filter(r -> Scorecards.LARGE.equals(r.expectedRoute()) && Scorecards.SMALL.equals(r.route())).count();
        int easySentLarge = (int) rows.stream()
                .filter(r -> Scorecards.SMALL.equals(r.expectedRoute()) && Scorecards.LARGE.equals(r.route())).count();
        return Optional.of(new RoutingAccuracy(target, category, rows.size(), correct,
                RequestRow.round((double) correct / rows.size(), 4), hardSentSmall, easySentLarge));
    }
}
