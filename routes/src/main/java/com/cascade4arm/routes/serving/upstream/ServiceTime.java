package com.cascade4arm.routes.serving.upstream;

/**
 * One endpoint's recent time per request, measured: an exponentially weighted average of the interval between its
 * completions while it was busy (from the later of the previous completion and the moment it became busy). With
 * several requests in parallel this is the endpoint's time per request at its real concurrency (its inverse
 * throughput), so {@code in flight × perRequestMs()} is the expected wait of one more request.
 */
public final class ServiceTime {
    /** Weight of the newest interval: about the last ten completions count. */
    static final double ALPHA = 0.2;

    private long busySinceNanos;
    private long lastCompletionNanos;
    private double averageMs = Double.NaN;

    /** A request started; {@code inFlightBefore}: how many were in flight before it. */
    synchronized void started(int inFlightBefore, long nowNanos) {
        if (inFlightBefore == 0) {
            busySinceNanos = nowNanos;
        }
    }

    /** A request ended (however it ended: the endpoint was busy with it). */
    synchronized void completed(long nowNanos) {
        double intervalMs = (nowNanos - Math.max(busySinceNanos, lastCompletionNanos)) / 1e6;
        lastCompletionNanos = nowNanos;
        averageMs = Double.isNaN(averageMs) ? intervalMs : ALPHA * intervalMs + (1 - ALPHA) * averageMs;
    }

    /** The recent time per request, ms; NaN until a request completed. */
    public synchronized double perRequestMs() {
        return averageMs;
    }
}
