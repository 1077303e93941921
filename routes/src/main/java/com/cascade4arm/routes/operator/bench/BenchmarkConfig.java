package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.StrictBoolean;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;

import java.util.Optional;

/** The benchmark's keys {@code cascade.bench.*} with their defaults (part of {@link CascadeConfig}). */
public interface BenchmarkConfig {
    /** Empty: {@code <data-dir>/bench}. */
    Optional<String> resultsDir();

    /** Empty: {@code git rev-parse HEAD} in the working directory. */
    Optional<String> gitCommit();

    Schedule schedule();

    /** The scheduled run's timer and its config (BenchConfig validates the run's bounds). */
    interface Schedule {
        @WithDefault("false") @WithConverter(StrictBoolean.class) boolean enabled();

        /** Once a day. */
        @WithDefault("86400000") @Min(100) long periodMs();

        /** First scheduled run a minute after startup, once the upstreams had time to load. */
        @WithDefault("60000") @Min(0) long delayMs();

        @WithDefault("" + BenchConfig.DEFAULT_PROMPT_COUNT) int prompts();

        /** BenchConfig.DEFAULT_LEVELS. */
        @WithDefault("1,2,4,8,16") String levels();

        @WithDefault("" + BenchConfig.DEFAULT_REQUESTS_PER_LEVEL) int requestsPerLevel();

        @WithDefault("" + BenchConfig.DEFAULT_MAX_TOKENS) int maxTokens();

        @WithDefault("false") @WithConverter(StrictBoolean.class) boolean fixedLength();
    }
}
