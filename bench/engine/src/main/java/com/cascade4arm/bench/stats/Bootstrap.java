package com.cascade4arm.bench.stats;

import java.util.Collection;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;

/**
 * 95 % percentile-bootstrap confidence intervals for the figures a run reports (a median, a p95, a ratio of two
 * medians): resample with replacement {@link #RESAMPLES} times, take the 2.5th and 97.5th percentiles of the statistic.
 * The JDK's {@link SplittableRandom} is seeded, so the same rows always give the same interval (Commons Statistics
 * has quantiles but no resampling; its RNG would draw other indices than the intervals reported so far).
 */
public final class Bootstrap {

    public static final int RESAMPLES = 2_000;
    public static final double CONFIDENCE = 0.95;
    static final long SEED = 0x5EEDL;

    private Bootstrap() {
    }

    /** An interval [low, high]. */
    public record Interval(double low, double high) {
        public boolean contains(double value) {
            return value >= low && value <= high;
        }
    }

    /** Interval of percentile {@code p} (0..100) of {@code sample}. */
    public static Interval percentile(Collection<? extends Number> sample, double p) {
        double[] values = toArray(sample);
        double[] resample = new double[values.length];
        SplittableRandom random = new SplittableRandom(SEED);
        return interval(() -> Percentiles.percentileInPlace(resampleInto(values, resample, random), p));
    }

    /** Interval of median(numerator) / median(denominator), both samples resampled independently. */
    public static Interval ratioOfMedians(Collection<? extends Number> numerator, Collection<? extends Number> denominator) {
        double[] top = toArray(numerator);
        double[] bottom = toArray(denominator);
        double[] topResample = new double[top.length];
        double[] bottomResample = new double[bottom.length];
        SplittableRandom random = new SplittableRandom(SEED);
        return interval(() -> {
            double medianTop = Percentiles.percentileInPlace(resampleInto(top, topResample, random), 50);
            double medianBottom = Percentiles.percentileInPlace(resampleInto(bottom, bottomResample, random), 50);
            return medianBottom > 0 ? medianTop / medianBottom : Double.POSITIVE_INFINITY;
        });
    }

    /**
     * Interval of rate(top) / rate(bottom), where a sample's rate is the sum of its amounts over the sum of its times
     * (e.g. tokens per request-millisecond at two concurrency levels); (amount, time) pairs are resampled together.
     */
    public static Interval ratioOfRates(double[] topAmounts, double[] topTimes, double[] bottomAmounts,
                                        double[] bottomTimes) {
        if (topAmounts.length == 0 || bottomAmounts.length == 0) {
            throw new IllegalArgumentException("cannot bootstrap an empty sample");
        }
        SplittableRandom random = new SplittableRandom(SEED);
        return interval(() -> {
            double bottom = resampledRate(bottomAmounts, bottomTimes, random);
            return bottom > 0 ? resampledRate(topAmounts, topTimes, random) / bottom : Double.POSITIVE_INFINITY;
        });
    }

    private static double resampledRate(double[] amounts, double[] times, SplittableRandom random) {
        double amount = 0;
        double time = 0;
        for (int i = 0; i < amounts.length; i++) {
            int pick = random.nextInt(amounts.length);
            amount += amounts[pick];
            time += times[pick];
        }
        return time > 0 ? amount / time : 0;
    }

    private static double[] resampleInto(double[] values, double[] target, SplittableRandom random) {
        for (int i = 0; i < values.length; i++) {
            target[i] = values[random.nextInt(values.length)];
        }
        return target;
    }

    /** The statistic computed on {@link #RESAMPLES} resamples (each call draws one), and its central interval. */
    private static Interval interval(DoubleSupplier statistic) {
        double[] statistics = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            statistics[i] = statistic.getAsDouble();
        }
        double tail = (1 - CONFIDENCE) / 2 * 100;
        return new Interval(Percentiles.percentileInPlace(statistics, tail),
                Percentiles.percentileInPlace(statistics, 100 - tail));
    }

    private static double[] toArray(Collection<? extends Number> sample) {
        if (sample.isEmpty()) {
            throw new IllegalArgumentException("cannot bootstrap an empty sample");
        }
        return sample.stream().mapToDouble(Number::doubleValue).toArray();
    }
}
