package com.cascade4arm.bench.overhead;

/**
 * When each request of an open-loop load is due: the i-th (from 0) at {@code start + i / rate}, whatever became of the
 * earlier ones, so a slow target shows as latency and errors, not as a politely lower rate. The caller asks on each
 * tick how many have come due since it last asked and sends that many.
 */
final class OpenLoopSchedule {
    private final long startNanos;
    private final double periodNanos;
    private final long total;
    private long issued;

    /** {@code ratePerSecond} arrivals a second from {@code startNanos} for {@code seconds} seconds. */
    OpenLoopSchedule(long startNanos, double ratePerSecond, double seconds) {
        if (!(ratePerSecond > 0) || !(seconds > 0)) {
            throw new IllegalArgumentException("rate and duration must be above 0, but were " + ratePerSecond
                    + " req/s and " + seconds + " s");
        }
        this.startNanos = startNanos;
        this.periodNanos = 1e9 / ratePerSecond;
        this.total = Math.round(ratePerSecond * seconds);
    }

    /** Arrivals due at {@code nowNanos} that were not handed out yet; each is handed out once. */
    int takeDue(long nowNanos) {
        long dueSoFar = nowNanos < startNanos ? 0 : Math.min(total, (long) ((nowNanos - startNanos) / periodNanos) + 1);
        int due = (int) Math.max(0, dueSoFar - issued);
        issued += due;
        return due;
    }

    /** When the {@code index}-th arrival was due. */
    long dueNanos(long index) {
        return startNanos + (long) (index * periodNanos);
    }

    /** Arrivals handed out so far: the index of the next one. */
    long issued() {
        return issued;
    }

    boolean finished() {
        return issued >= total;
    }

    long total() {
        return total;
    }
}
