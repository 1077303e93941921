package com.cascade4arm.bench.overhead;

import java.util.List;

/**
 * The answer line of {@link ThroughputBench}: the highest offered rate up to which a target kept every step within the
 * limits (all answered, none failed or dropped, at least {@link #REACHED} of the rate achieved, p99 added over the
 * upstream called directly at the same rate no more than the limit). A rate the direct target itself did not reach
 * measures the load generator, not the target: the answer stops below it and says so.
 */
final class SustainedRate {
    /** Achieved over offered that counts as reaching a rate: a step's tail of answers runs past its last arrival. */
    static final double REACHED = 0.97;

    /** One offered rate's outcome for the target and for the direct reference. */
    record Step(double offered, double achieved, int failures, double p99AddedMs, double directAchieved,
                int directFailures) {

        boolean directReached() {
            return directFailures == 0 && directAchieved >= REACHED * offered;
        }

        boolean within(double p99AddedLimitMs) {
            return failures == 0 && achieved >= REACHED * offered && p99AddedMs <= p99AddedLimitMs;
        }
    }

    /**
     * @param rate     the highest rate sustained (0 when not even the lowest was)
     * @param loadBound true when the answer stopped at a rate the direct target could not reach: the load side's
     *                  limit, so the target may sustain more
     */
    record Verdict(double rate, boolean loadBound) {
    }

    private SustainedRate() {
    }

    /** Steps in ascending offered rate; the answer is the last of the unbroken run of steps within the limit. */
    static Verdict of(List<Step> ascending, double p99AddedLimitMs) {
        double sustained = 0;
        for (Step step : ascending) {
            if (!step.directReached()) {
                return new Verdict(sustained, true);
            }
            if (!step.within(p99AddedLimitMs)) {
                return new Verdict(sustained, false);
            }
            sustained = step.offered();
        }
        return new Verdict(sustained, false);
    }
}
