package com.cascade4arm.bench.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Quantile;

import java.util.Collection;

/**
 * The bench's percentiles in one place: Commons Statistics' Hyndman-Fan type 7 (linear interpolation between closest
 * ranks, the default of NumPy, R and Excel's PERCENTILE.INC), so the 50th percentile is the usual median. Examples:
 * 1..100 gives p50 = 50.5 and p95 = 95.05; {1, 2, 3, 4} gives p50 = 2.5; a single element is every percentile. An
 * empty sample has no percentile and is rejected.
 */
public final class Percentiles {

    private static final Quantile TYPE_7 = Quantile.withDefaults().with(Quantile.EstimationMethod.HF7);
    /** For arrays the caller owns: partitioned in place instead of copied. */
    private static final Quantile TYPE_7_IN_PLACE = TYPE_7.withCopy(false);

    private Percentiles() {
    }

    /** The p-th percentile (0..100) of the values. */
    public static double percentile(Collection<? extends Number> values, double p) {
        return percentileInPlace(values.stream().mapToDouble(Number::doubleValue).toArray(), p);
    }

    /** The median, i.e. the 50th percentile: the middle value, or the mean of the two middle values. */
    public static double median(Collection<? extends Number> values) {
        return percentile(values, 50);
    }

    /** The arithmetic mean. */
    public static double mean(Collection<? extends Number> values) {
        requireNotEmpty(values.size(), "mean");
        return Mean.of(values.stream().mapToDouble(Number::doubleValue).toArray()).getAsDouble();
    }

    /** Same as {@link #percentile}; reorders {@code values}. */
    public static double percentileInPlace(double[] values, double p) {
        if (Double.isNaN(p) || p < 0 || p > 100) {
            throw new IllegalArgumentException("percentile must be between 0 and 100, but was " + p);
        }
        requireNotEmpty(values.length, "percentile");
        return TYPE_7_IN_PLACE.evaluate(values, p / 100);
    }

    private static void requireNotEmpty(int size, String statistic) {
        if (size == 0) {
            throw new IllegalArgumentException("the " + statistic + " of an empty sample is undefined");
        }
    }
}
