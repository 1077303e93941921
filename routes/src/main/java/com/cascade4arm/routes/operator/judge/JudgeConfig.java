package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.StrictBoolean;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import org.hibernate.validator.constraints.Range;

import java.util.Optional;

/** The answer judge's keys {@code cascade.judge.*} with their defaults and bounds (part of {@link CascadeConfig}). */
public interface JudgeConfig {
    /** OpenAI-compatible base URL (ends in /v1); empty: no judge. */
    Optional<String> url();

    @WithDefault("false") @WithConverter(StrictBoolean.class) boolean enabled();

    @WithDefault("qwen/qwen-2.5-72b-instruct") String model();

    Optional<String> apiKey();

    @WithDefault("60000") @Range(min = 100, max = 3_600_000) long timeoutMs();

    @WithDefault("16") @Range(min = 1, max = 8_192) int maxTokens();

    @WithDefault("2") @Range(min = 1, max = 64) int concurrency();

    @WithDefault("3") @Range(min = 1, max = 10) int maxAttempts();
}
