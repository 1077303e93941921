package com.cascade4arm.bench.stats;

import java.util.Arrays;
import java.util.Collection;

/**
 * Percentiles by linear interpolation between closest ranks (Hyndman-Fan type 7, the default of NumPy, R and Excel's
 * PERCENTILE.INC), so that the 50th percentile is the usual median.
 *
 * <p>For a sorted sample x[0..n-1] and p in [0, 100]: h = (n - 1) * p / 100, result = x[floor(h)] + (h - floor(h)) *
 * (x[floor(h) + 1] - x[floor(h)]). Examples: 1..100 gives p50 = 50.5 and p95 = 95.05; {1, 2, 3, 4} gives p50 = 2.5;
 * a single element is every percentile. An empty sample has no percentile and is rejected.
 */
public final class Percentiles {

    private Percentiles() {
    }

    /** The p-th percentile (0..100) of the values. */
    public static double percentile(Collection<? extends Number> values, double p) {
        return percentileOfSorted(sorted(values), p);
    }

    /** The median, i.e. the 50th percentile: the middle value, or the mean of the two middle values. */
    public static double median(Collection<? extends Number> values) {
        return percentile(values, 50);
    }

    /** The arithmetic mean. */
    public static double mean(Collection<? extends Number> values) {
        requireNotEmpty(values.size(), "mean");
        double sum = 0;
        for (Number value : values) {
            sum += value.doubleValue();
        }
        return sum / values.size();
    }

    /** Same as {@link #percentile} for an array already sorted ascending (not checked). */
    public static double percentileOfSorted(double[] sorted, double p) {
        if (Double.isNaN(p) || p < 0 || p > 100) {
            throw new IllegalArgumentException("percentile must be between 0 and 100, but was " + p);
        }
        requireNotEmpty(sorted.length, "percentile");
        double h = (sorted.length - 1) * p / 100.0;
        int lower = (int) Math.floor(h);
        int upper = Math.min(lower + 1, sorted.length - 1);
        return sorted[lower] + (h - lower) * (sorted[upper] - sorted[lower]);
    }

    private static double[] sorted(Collection<? extends Number> values) {
        double[] array = values.stream().mapToDouble(Number::doubleValue).toArray();
        Arrays.sort(array);
        return array;
    }

    private static void requireNotEmpty(int size, String statistic) {
        if (size == 0) {
            throw new IllegalArgumentException("the " + statistic + " of an empty sample is undefined");
        }
    }
}
