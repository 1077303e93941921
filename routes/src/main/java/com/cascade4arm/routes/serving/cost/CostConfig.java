package com.cascade4arm.routes.serving.cost;

import com.cascade4arm.routes.config.CascadeConfig;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMin;

import java.util.List;
import java.util.function.Function;

/**
 * The prices {@code cascade.cost.*} with their defaults (part of {@link CascadeConfig}): the hourly price of the
 * instance the cascade runs on (all its tiers together) and of the baseline's, and the date those prices were read.
 * Defaults are AWS on-demand Linux list prices, us-east-1, of instances of matched size (4 vCPU, 8 GiB each), so a
 * cost ratio compares stacks, not boxes.
 */
public interface CostConfig {
    /** Keys of the old per-slot model; a start that still sets one fails, naming what replaced it. */
    List<String> RETIRED_KEYS = List.of("cascade.cost.small.usd-per-hour", "cascade.cost.small.slots",
            "cascade.cost.large.usd-per-hour", "cascade.cost.large.slots", "cascade.cost.baseline.slots");

    /** When the default prices were read from AWS's on-demand price list. */
    @WithDefault("2026-12") String pricesAsOf();

    /** c8g.xlarge (Graviton4). */
    @WithName("cascade.usd-per-hour") @WithDefault("0.15952") @DecimalMin("0") double cascadeUsdPerHour();

    /** c7i.xlarge (Intel Sapphire Rapids). */
    @WithName("baseline.usd-per-hour") @WithDefault("0.1785") @DecimalMin("0") double baselineUsdPerHour();

    /** The hosted API's price per token (Compare). */
    Hosted hosted();

    /** OpenRouter's list price of qwen/qwen-2.5-7b-instruct when written; reasoning tokens are billed as output. */
    interface Hosted {
        @WithDefault("0.04") @DecimalMin("0") double usdPerMillionInput();

        @WithDefault("0.10") @DecimalMin("0") double usdPerMillionOutput();
    }

    /** A start that still sets a key of the old per-slot model fails, naming what replaced it. */
    static void refuseRetiredKeys(Function<String, String> property) {
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
