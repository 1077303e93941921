package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.config.CascadeConfig;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import org.hibernate.validator.constraints.Range;

import java.util.Optional;

/** Compare's keys {@code cascade.compare.*} with their defaults and bounds (part of {@link CascadeConfig}). */
public interface CompareConfig {
    @WithDefault("120000") @Range(min = 100, max = 3_600_000) long deadlineMs();

    Hosted hosted();

    RetryKeys retry();

    Cooldown cooldown();

    Breaker breaker();

    interface Hosted {
        @WithDefault("false") @io.smallrye.config.WithConverter(com.cascade4arm.routes.config.StrictBoolean.class) boolean simulated();

        @WithDefault("https://openrouter.ai/api/v1") String baseUrl();

        @WithDefault("qwen/qwen-2.5-7b-instruct") String model();

        /** Empty: the hosted column is skipped. */
        Optional<String> apiKey();

        @WithDefault("medium") String reasoning();

        /** OpenRouter's app attribution; set it to the deployment's public URL. */
        @WithDefault("http://localhost") String referer();

        @WithDefault("Cascade4Arm") String title();
    }

    interface RetryKeys {
        @WithDefault("3") @Range(min = 1, max = 10) int maxAttempts();

        @WithDefault("500") @Range(min = 1, max = 600_000) long initialBackoffMs();

        @WithDefault("10000") @Range(min = 1, max = 3_600_000) long maxWaitMs();

        /** Resilience4j's randomized backoff needs a jitter below 1 (±100 % would allow a zero wait). */
        @WithDefault("0.2") @DecimalMin("0") @DecimalMax("0.99") double jitter();
    }

    interface Cooldown {
        @WithName("after-429s") @WithDefault("3") @Range(min = 1, max = 1_000) int after429s();

        @WithDefault("30000") @Range(min = 1, max = 86_400_000) long durationMs();
    }

    interface Breaker {
        @WithDefault("30000") @Range(min = 1, max = 3_600_000) long openMs();
    }
}
