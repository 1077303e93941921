package com.cascade4arm.bench.runner;

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

/** Derives the run-level results (saturation, speed-ups, routing accuracy) from the rows and level aggregates. */
public final class RunAnalysis {

    private RunAnalysis() {
    }

    /** Per target, in the order targets first appear: saturation level on aggregate tok/s and the c_max/c_min ratio. */
    public static List<TargetSaturation> saturation(List<LevelAggregate> aggregates) {
        Map<String, TreeMap<Integer, Double>> byTarget = new LinkedHashMap<>();
        aggregates.forEach(a -> byTarget.computeIfAbsent(a.target(), t -> new TreeMap<>()).put(a.level(), a.tokPerS()));
        List<TargetSaturation> result = new ArrayList<>();
        byTarget.forEach((target, throughput) -> {
            Saturation.Point point = Saturation.find(throughput);
            Double ratio = Throughput.ratio(throughput.lastEntry().getValue(), throughput.firstEntry().getValue());
            result.add(new TargetSaturation(target, point.level(), point.reached(), throughput.firstKey(),
                    throughput.lastKey(), ratio == null ? null : RequestRow.round(ratio, 3)));
        });
        return result;
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
        return Optional.of(new SpeedUp(category, a, b, latenciesA.size(), latenciesB.size(),
                RequestRow.round(medianA, 3), RequestRow.round(medianB, 3), RequestRow.round(medianB / medianA, 3)));
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
        return Optional.of(new RoutingAccuracy(target, category, rows.size(), correct,
                RequestRow.round((double) correct / rows.size(), 4)));
    }
}
