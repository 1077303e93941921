package com.cascade4arm.bench.jmh;

import com.cascade4arm.bench.stats.Percentiles;

import java.util.Arrays;

/**
 * A run of decisions timed one by one, read two ways. The slow ones (over twice the median): how many, and how many of
 * them at the busiest position in each run of {@code period} decisions. And the mean decision at each position: upkeep
 * done every n-th decision (the rule session's renewal) raises one position's mean, whatever the machine does to the
 * rest.
 *
 * @param p50Micros          median decision, µs
 * @param p99Micros          99th percentile, µs
 * @param slow               decisions over twice the median
 * @param busiestPhase       the position (0..period-1) with the most slow decisions
 * @param busiestCount       slow decisions at that position
 * @param costliestPhase     the position with the highest mean
 * @param costliestMeanMicros that position's mean, µs
 * @param typicalMeanMicros  the median of the positions' means, µs
 * @param period             the rhythm looked for
 */
record DecisionTail(double p50Micros, double p99Micros, int slow, int busiestPhase, int busiestCount, int costliestPhase,
                    double costliestMeanMicros, double typicalMeanMicros, int period) {

    static DecisionTail of(long[] nanos, int period) {
        double[] micros = Arrays.stream(nanos).mapToDouble(n -> n / 1_000.0).toArray();
        double p50 = Percentiles.percentileInPlace(micros.clone(), 50);
        double p99 = Percentiles.percentileInPlace(micros.clone(), 99);
        int[] slowAt = new int[period];
        double[] sumAt = new double[period];
        int[] countAt = new int[period];
        int slow = 0;
        for (int i = 0; i < micros.length; i++) {
            sumAt[i % period] += micros[i];
            countAt[i % period]++;
            if (micros[i] > 2 * p50) {
                slow++;
                slowAt[i % period]++;
            }
        }
        double[] meanAt = new double[period];
        int busiest = 0;
        int costliest = 0;
        for (int phase = 0; phase < period; phase++) {
            meanAt[phase] = countAt[phase] == 0 ? 0 : sumAt[phase] / countAt[phase];
            busiest = slowAt[phase] > slowAt[busiest] ? phase : busiest;
            costliest = meanAt[phase] > meanAt[costliest] ? phase : costliest;
        }
        double costliestMean = meanAt[costliest];
        return new DecisionTail(p50, p99, slow, busiest, slowAt[busiest], costliest, costliestMean,
                Percentiles.percentileInPlace(meanAt, 50), period);
    }

    /** How many times the slow decisions an even spread would put at one position the busiest one holds. */
    double rhythm() {
        return slow == 0 ? 0 : busiestCount / ((double) slow / period);
    }
}
