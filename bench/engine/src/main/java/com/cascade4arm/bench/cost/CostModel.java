package com.cascade4arm.bench.cost;

/**
 * The one cost model of the product, in US dollars. A self-hosted system is an instance paid by the hour whether busy
 * or idle:
 * <ul>
 *   <li>a run costs {@code usd_per_hour × wall_hours} (the time the system was serving the run, idle gaps included);</li>
 *   <li>its output costs {@code run cost ÷ output tokens × 1e6} per million tokens — equivalently
 *       {@code usd_per_hour ÷ (3600 × tok/s) × 1e6} at a sustained aggregate rate;</li>
 *   <li>one request costs its share of the instance: {@code usd_per_hour × ∫ dt / n(t)} over its lifetime, where
 *       {@code n(t)} is the number of requests in flight on that system at {@code t} (measured, not the configured
 *       slots) — the shares of overlapping requests add up to the busy time, so per-request costs sum to the bill of the
 *       busy hours.</li>
 * </ul>
 * A hosted API bills tokens at its per-million prices.
 */
public final class CostModel {
    public static final double MS_PER_HOUR = 3_600_000.0;
    public static final double TOKENS_PER_MILLION = 1_000_000.0;

    private CostModel() {
    }

    /** What an instance costs over {@code wallMs} of wall time. */
    public static double runUsd(double usdPerHour, double wallMs) {
        return usdPerHour * wallMs / MS_PER_HOUR;
    }

    /** Cost of a million output tokens when {@code outputTokens} took {@code wallMs}; null without tokens. */
    public static Double usdPerMillionOutput(double usdPerHour, double wallMs, long outputTokens) {
        return outputTokens <= 0 ? null : runUsd(usdPerHour, wallMs) / outputTokens * TOKENS_PER_MILLION;
    }

    /** Cost of a million output tokens at a sustained aggregate rate of {@code tokensPerSecond}; null at no rate. */
    public static Double usdPerMillionOutputAt(double usdPerHour, double tokensPerSecond) {
        return tokensPerSecond <= 0 ? null : usdPerMillionOutput(usdPerHour, 1_000.0, 1) / tokensPerSecond;
    }

    /**
     * One request's share: the instance's price for {@code shareMs}, the integral of {@code 1 / n(t)} over the
     * request's lifetime in ms (a request alone for 2 s has a share of 2,000 ms; two requests overlapping fully for 2 s
     * have 1,000 ms each).
     */
    public static double requestUsd(double usdPerHour, double shareMs) {
        return runUsd(usdPerHour, shareMs);
    }

    /** A hosted API's bill for one request. */
    public static double hosted(double usdPerMillionInput, double usdPerMillionOutput, long promptTokens,
                                long completionTokens) {
        return (promptTokens * usdPerMillionInput + completionTokens * usdPerMillionOutput) / TOKENS_PER_MILLION;
    }
}
