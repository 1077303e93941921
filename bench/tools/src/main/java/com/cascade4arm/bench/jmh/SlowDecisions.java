package com.cascade4arm.bench.jmh;

import com.cascade4arm.bench.stats.Percentiles;

import java.util.Arrays;

/**
 * Which decisions of a run were slow (over twice the median) and whether they keep a rhythm: the slow ones counted by
 * their position in each run of {@code period} decisions. Upkeep done every n-th decision (the rule session's renewal)
 * piles up at one position; the machine's neighbours and the collector spread evenly.
 *
 * @param p50Micros     median decision, µs
 * @param p99Micros     99th percentile, µs
 * @param slow          decisions over twice the median
 * @param busiestPhase  the position (0..period-1) with the most slow decisions
 * @param busiestCount  slow decisions at that position
 * @param period        the rhythm looked for
 */
record SlowDecisions(double p50Micros, double p99Micros, int slow, int busiestPhase, int busiestCount, int period) {

    static SlowDecisions of(long[] nanos, int period) {
        double[] micros = Arrays.stream(nanos).mapToDouble(n -> n / 1_000.0).toArray();
        double p50 = Percentiles.percentileInPlace(micros.clone(), 50);
        double p99 = Percentiles.percentileInPlace(micros, 99);
        int[] byPhase = new int[period];
        int slow = 0;
        for (int i = 0; i < nanos.length; i++) {
            if (nanos[i] / 1_000.0 > 2 * p50) {
                slow++;
                byPhase[i % period]++;
            }
        }
        int busiest = 0;
        for (int phase = 1; phase < period; phase++) {
            busiest = byPhase[phase] > byPhase[busiest] ? phase : busiest;
        }
        return new SlowDecisions(p50, p99, slow, busiest, byPhase[busiest], period);
    }

    /** How many times the slow decisions an even spread would put at one position the busiest one holds. */
    double rhythm() {
        return slow == 0 ? 0 : busiestCount / ((double) slow / period);
    }
}
