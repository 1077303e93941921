package com.cascade4arm.bench.stats;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Finds where adding concurrency stops paying: the lowest level L whose next level raises aggregate throughput by at
 * most {@link #DEFAULT_MIN_GAIN} (5 %) over L's. When throughput still rises by more than that at every step, the
 * highest level tested is returned with {@code reached = false} (saturation lies beyond the tested range).
 */
public final class Saturation {

    /** A step must raise throughput by more than this fraction to count as "still rising". */
    public static final double DEFAULT_MIN_GAIN = 0.05;

    private Saturation() {
    }

    /** Where throughput saturates; {@code reached} is false when it was still rising at the highest level. */
    public record Point(int level, boolean reached) {
    }

    public static Point find(Map<Integer, Double> throughputByLevel) {
        return find(throughputByLevel, DEFAULT_MIN_GAIN);
    }

    public static Point find(Map<Integer, Double> throughputByLevel, double minGain) {
        if (throughputByLevel.isEmpty()) {
            throw new IllegalArgumentException("saturation needs at least one concurrency level, but got none");
        }
        if (minGain < 0 || Double.isNaN(minGain)) {
            throw new IllegalArgumentException("minGain must be >= 0, but was " + minGain);
        }
        SortedMap<Integer, Double> levels = new TreeMap<>(throughputByLevel);
        Integer previousLevel = null;
        double previous = 0;
        for (Map.Entry<Integer, Double> entry : levels.entrySet()) {
            double current = entry.getValue();
            if (previousLevel != null && current <= previous * (1 + minGain)) {
                return new Point(previousLevel, true);
            }
            previousLevel = entry.getKey();
            previous = current;
        }
        return new Point(levels.lastKey(), false);
    }
}
