package com.cascade4arm.bench.stats;

/** Rates over a wall-clock window: requests or tokens per second. */
public final class Throughput {

    private static final double MS_PER_SECOND = 1_000.0;

    private Throughput() {
    }

    /** {@code count / (wallMs / 1000)}; 0 when the window is empty (nothing was measured). */
    public static double perSecond(double count, double wallMs) {
        if (wallMs < 0 || Double.isNaN(wallMs)) {
            throw new IllegalArgumentException("wall time must be >= 0 ms, but was " + wallMs);
        }
        return wallMs == 0 ? 0 : count * MS_PER_SECOND / wallMs;
    }

    /**
     * Decode rate of one streamed answer: completion tokens / (total - ttft), in tokens per second. The time to the
     * first token is excluded because it measures queueing and prompt processing, not generation. 0 when no first
     * token was seen or the generation window is empty (a single burst).
     */
    public static double decodeTokensPerSecond(long completionTokens, double ttftMs, double totalMs) {
        if (ttftMs < 0 || totalMs <= ttftMs) {
            return 0;
        }
        return perSecond(completionTokens, totalMs - ttftMs);
    }

    /** {@code highest / lowest}, e.g. throughput at the highest concurrency over the lowest; null when undefined. */
    public static Double ratio(double highest, double lowest) {
        return lowest > 0 ? highest / lowest : null;
    }
}
