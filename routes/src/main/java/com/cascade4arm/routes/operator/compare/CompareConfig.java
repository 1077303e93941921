package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.Urls;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import org.hibernate.validator.constraints.Range;

import java.net.URI;
import java.util.Optional;

/**
 * Compare's keys {@code cascade.compare.*} with their defaults and bounds (part of {@link CascadeConfig}); what the
 * application may replace before start is in {@link CompareSettings}.
 */
public interface CompareConfig {
    /** Longest a whole compare may take, all systems and retries included. */
    @WithDefault("120000") @Range(min = 100, max = 3_600_000) long deadlineMs();

    Hosted hosted();

    RetryKeys retry();

    /** A system that answered 429 this many times in a row is skipped for the duration. */
    @WithName("cooldown.after-429s") @WithDefault("3") @Range(min = 1, max = 1_000) int cooldownAfter429s();

    @WithName("cooldown.duration-ms") @WithDefault("30000") @Range(min = 1, max = 86_400_000) long cooldownDurationMs();

    /** How long an open per-system breaker rejects calls before a trial call. */
    @WithName("breaker.open-ms") @WithDefault("30000") @Range(min = 1, max = 3_600_000) long breakerOpenMs();

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

        /** base-url without trailing slashes; an http(s) URL (checked at binding). */
        default URI url() {
            return Urls.base("cascade.compare.hosted.base-url", baseUrl());
        }

        /** The hosted API's reasoning unless a compare asks for another (checked at binding). */
        default HostedReasoning reasoningLevel() {
            return HostedReasoning.parse(reasoning(), "cascade.compare.hosted.reasoning");
        }
    }

    /** Retry and backoff shared by the three systems, for 429 and 503 only. */
    interface RetryKeys {
        /** Tries per system and compare, first call included. */
        @WithDefault("3") @Range(min = 1, max = 10) int maxAttempts();

        /** First exponential backoff step (doubles per retry) when the server gives no hint. */
        @WithDefault("500") @Range(min = 1, max = 600_000) long initialBackoffMs();

        /** Cap on any wait; a server asking for longer fails fast. */
        @WithDefault("10000") @Range(min = 1, max = 3_600_000) long maxWaitMs();

        /**
         * Spread of the exponential backoff (0.2 = ±20 %), and the upward spread added to hints. Resilience4j's
         * randomized backoff needs a jitter below 1 (±100 % would allow a zero wait). */
        @WithDefault("0.2") @DecimalMin("0") @DecimalMax("0.99") double jitter();
    }
}
