package com.cascade4arm.routes.serving.cost;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;

import java.util.List;
import java.util.function.Function;

/**
 * What the self-hosted systems cost (keys {@code cascade.cost.*}: {@link CostConfig}): the hourly
 * price of the instance the cascade runs on (all its tiers together) and of the baseline's, and the date those prices
 * were read. Defaults are instances of matched size (4 vCPU, 8 GiB each), so a cost ratio compares software and
 * architecture, not box size.
 */
public record CostSettings(double cascadeUsdPerHour, double baselineUsdPerHour, String pricesAsOf) {
    /** Keys of the old per-slot model; a start that still sets one fails, naming what replaced it. */
    static final List<String> RETIRED_KEYS = List.of("cascade.cost.small.usd-per-hour", "cascade.cost.small.slots",
            "cascade.cost.large.usd-per-hour", "cascade.cost.large.slots", "cascade.cost.baseline.slots");

    /** Every default. */
    public static final CostSettings DEFAULTS = from(ConfigBinding.defaults().cascade());

    /** From the bound cascade.cost.* keys ({@link CostConfig}); the retired keys are refused ({@link #refuseRetiredKeys}). */
    public static CostSettings from(CascadeConfig config) {
        CostConfig cost = config.cost();
        return new CostSettings(cost.cascade().usdPerHour(), cost.baseline().usdPerHour(), cost.pricesAsOf());
    }

    /** A start that still sets a key of the old per-slot model fails, naming what replaced it. */
    public static void refuseRetiredKeys(Function<String, String> property) {
        for (String retired : RETIRED_KEYS) {
            String value = property.apply(retired);
            if (value != null && !value.isBlank()) {
                throw new IllegalArgumentException(retired + " is no longer read (a request's cost follows the measured "
                        + "concurrency, not slots): set cascade.cost.cascade.usd-per-hour / "
                        + "cascade.cost.baseline.usd-per-hour, but was " + value);
            }
        }
    }
}
