package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.stats.Percentiles;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one target's requests measured over one step (all its slices): latencies in primitive arrays, so recording
 * 40,000 requests a step costs the load generator's event loop no boxing, and the counts of ok, failed and dropped
 * requests (dropped: due while {@code --max-pending} were already outstanding, never sent).
 */
final class StepSamples {
    private double[] ttftMs = new double[1024];
    private double[] totalMs = new double[1024];
    private double[] sendLagMs = new double[1024];
    private double[] sentAtEpochMs = new double[1024];
    private static final double EPOCH_OFFSET_MS = System.currentTimeMillis() - System.nanoTime() / 1e6;
    private int ok;
    private int sent;
    private int errors;
    private int dropped;
    private long events;
    private String firstError;
    private double wallSeconds;

    void sent(double lagMs) {
        sendLagMs = put(sendLagMs, sent, lagMs);
        sent++;
    }

    void ok(double ttft, double total, int eventsOfAnswer, long sentNanos) {
        sentAtEpochMs = put(sentAtEpochMs, ok, EPOCH_OFFSET_MS + sentNanos / 1e6);
        ttftMs = put(ttftMs, ok, ttft);
        totalMs = put(totalMs, ok, total);
        ok++;
        events += eventsOfAnswer;
    }

    void failed(String why) {
        errors++;
        if (firstError == null) {
            firstError = why;
        }
    }

    void drop() {
        dropped++;
    }

    void addWall(double seconds) {
        wallSeconds += seconds;
    }

    private static double[] put(double[] values, int at, double value) {
        double[] into = at < values.length ? values : Arrays.copyOf(values, values.length * 2);
        into[at] = value;
        return into;
    }

    /** Requests slower than {@code limitMs}: when each was sent (epoch ms) and its total latency. */
    List<double[]> slowerThan(double limitMs) {
        List<double[]> slow = new ArrayList<>();
        for (int i = 0; i < ok; i++) {
            if (totalMs[i] > limitMs) {
                slow.add(new double[] {sentAtEpochMs[i], totalMs[i]});
            }
        }
        return slow;
    }

    int ok() {
        return ok;
    }

    int errors() {
        return errors;
    }

    int dropped() {
        return dropped;
    }

    /** Requests sent and not yet ended. */
    int pending() {
        return sent - ok - errors;
    }

    String firstError() {
        return firstError;
    }

    double wallSeconds() {
        return wallSeconds;
    }

    /** Answered requests per second of the step's wall time (from its first due request to its last answer). */
    double achievedRate() {
        return wallSeconds > 0 ? ok / wallSeconds : Double.NaN;
    }

    double eventsPerAnswer() {
        return ok > 0 ? (double) events / ok : Double.NaN;
    }

    double ttft(double percentile) {
        return of(ttftMs, ok, percentile);
    }

    double total(double percentile) {
        return of(totalMs, ok, percentile);
    }

    /** How late the load generator sent its requests after they were due: its own lag, not the target's. */
    double sendLag(double percentile) {
        return of(sendLagMs, sent, percentile);
    }

    private static double of(double[] values, int count, double percentile) {
        return count == 0 ? Double.NaN : Percentiles.percentileInPlace(Arrays.copyOf(values, count), percentile);
    }
}
