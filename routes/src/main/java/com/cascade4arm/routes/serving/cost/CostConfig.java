package com.cascade4arm.routes.serving.cost;

import com.cascade4arm.routes.config.CascadeConfig;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMin;

/**
 * The prices {@code cascade.cost.*} with their defaults (part of {@link CascadeConfig}): AWS on-demand Linux list
 * prices, us-east-1, of instances of matched size (4 vCPU, 8 GiB each), so a cost ratio compares stacks, not boxes.
 */
public interface CostConfig {
    /** When the default prices were read from AWS's on-demand price list. */
    @WithDefault("2026-12") String pricesAsOf();

    /** c8g.xlarge (Graviton4). */
    Instance cascade();

    /** c7i.xlarge (Intel Sapphire Rapids). */
    BaselineInstance baseline();

    /** The hosted API's price per token (Compare). */
    Hosted hosted();

    interface Instance {
        @WithDefault("0.15952") @DecimalMin("0") double usdPerHour();
    }

    interface BaselineInstance {
        @WithDefault("0.1785") @DecimalMin("0") double usdPerHour();
    }

    /** OpenRouter's list price of qwen/qwen-2.5-7b-instruct when written; reasoning tokens are billed as output. */
    interface Hosted {
        @WithDefault("0.04") @DecimalMin("0") double usdPerMillionInput();

        @WithDefault("0.10") @DecimalMin("0") double usdPerMillionOutput();
    }
}
