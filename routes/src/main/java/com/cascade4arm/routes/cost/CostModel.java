package com.cascade4arm.routes.cost;

/**
 * What a request cost, in US dollars. Self-hosted: the endpoint's instance price for the time the request held one of
 * its slots, {@code usd_per_hour / 3600 × busy_seconds / slots}. Hosted APIs: tokens × their per-token prices.
 */
public final class CostModel {
    private static final double SECONDS_PER_HOUR = 3600.0;
    private static final double TOKENS_PER_MILLION = 1_000_000.0;

    private CostModel() {
    }

    public static double selfHosted(double usdPerHour, int slots, double busyMs) {
        return usdPerHour / SECONDS_PER_HOUR * (busyMs / 1000.0) / Math.max(1, slots);
    }

    public static double hosted(double usdPerMillionInput, double usdPerMillionOutput, long promptTokens, long completionTokens) {
        return (promptTokens * usdPerMillionInput + completionTokens * usdPerMillionOutput) / TOKENS_PER_MILLION;
    }
}
