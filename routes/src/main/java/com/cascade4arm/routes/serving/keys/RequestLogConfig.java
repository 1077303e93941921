package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.config.ShortDuration;
import com.cascade4arm.routes.config.StrictBoolean;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import org.hibernate.validator.constraints.Range;

import java.time.Duration;

/**
 * Keys {@code cascade.request-log.*}: the log of the last requests (part of the cascade configuration); in memory, and
 * with cascade.store=postgres also in the shared database, where retention and max-rows bound it.
 */
public interface RequestLogConfig {
    @WithDefault("1000") @Range(min = 0, max = 1_000_000) int size();

    /** Prompt and answer text in the log: off by default, a privacy choice (README, "Keys and budgets"). */
    @WithDefault("false") @WithConverter(StrictBoolean.class) boolean content();

    /** Shared log only: rows older than this are deleted (7d, 12h, 30m, 45s). */
    @WithDefault("7d") @WithConverter(ShortDuration.class) Duration retention();

    /** Shared log only: most rows kept for the whole cluster, the oldest deleted first. */
    @WithDefault("1000000") @Range(min = 1, max = 1_000_000_000) long maxRows();
}
