package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.config.StrictBoolean;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import org.hibernate.validator.constraints.Range;

/** Keys {@code cascade.request-log.*}: the in-memory log of the last requests (part of the cascade configuration). */
public interface RequestLogConfig {
    @WithDefault("1000") @Range(min = 0, max = 1_000_000) int size();

    /** Prompt and answer text in the log: off by default, a privacy choice (README, "Keys and budgets"). */
    @WithDefault("false") @WithConverter(StrictBoolean.class) boolean content();
}
