package com.cascade4arm.routes.cost;

import com.cascade4arm.routes.config.PropertyReader;

import java.util.List;
import java.util.function.Function;

/**
 * What the self-hosted systems cost (keys {@code cascade.cost.*}, documented in application.properties): the hourly
 * price of the instance the cascade runs on (all its tiers together) and of the baseline's, and the date those prices
 * were read. Defaults are instances of matched size (4 vCPU, 8 GiB each), so a cost ratio compares software and
 * architecture, not box size.
 */
public record CostSettings(double cascadeUsdPerHour, double baselineUsdPerHour, String pricesAsOf) {
    /** AWS c8g.xlarge (Graviton4, 4 vCPU, 8 GiB), on-demand Linux, us-east-1, USD per hour. */
    public static final double DEFAULT_CASCADE_USD_PER_HOUR = 0.15952;
    /** AWS c7i.xlarge (Intel Sapphire Rapids, 4 vCPU, 8 GiB), on-demand Linux, us-east-1, USD per hour. */
    public static final double DEFAULT_BASELINE_USD_PER_HOUR = 0.1785;
    /** When the default prices were read from AWS's on-demand price list. */
    public static final String DEFAULT_PRICES_AS_OF = "2026-12";
    /** Keys of the old per-slot model; a start that still sets one fails, naming what replaced it. */
    static final List<String> RETIRED_KEYS = List.of("cascade.cost.small.usd-per-hour", "cascade.cost.small.slots",
            "cascade.cost.large.usd-per-hour", "cascade.cost.large.slots", "cascade.cost.baseline.slots");

    public static final CostSettings DEFAULTS = new CostSettings(DEFAULT_CASCADE_USD_PER_HOUR,
            DEFAULT_BASELINE_USD_PER_HOUR, DEFAULT_PRICES_AS_OF);

    public static CostSettings read(Function<String, String> property) {
        for (String retired : RETIRED_KEYS) {
            String value = property.apply(retired);
            if (value != null && !value.isBlank()) {
                throw new IllegalArgumentException(retired + " is no longer read (a request's cost follows the measured "
                        + "concurrency, not slots): set cascade.cost.cascade.usd-per-hour / "
                        + "cascade.cost.baseline.usd-per-hour, but was " + value);
            }
        }
        PropertyReader reader = new PropertyReader(property);
        return new CostSettings(
                reader.decimal("cascade.cost.cascade.usd-per-hour", DEFAULT_CASCADE_USD_PER_HOUR, 0, Double.MAX_VALUE),
                reader.decimal("cascade.cost.baseline.usd-per-hour", DEFAULT_BASELINE_USD_PER_HOUR, 0, Double.MAX_VALUE),
                reader.text("cascade.cost.prices-as-of", DEFAULT_PRICES_AS_OF));
    }
}
