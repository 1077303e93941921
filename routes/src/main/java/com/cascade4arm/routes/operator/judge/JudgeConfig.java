package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.StrictBoolean;
import com.cascade4arm.routes.config.Urls;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import org.hibernate.validator.constraints.Range;

import java.net.URI;
import java.util.Optional;

/**
 * The answer judge's keys {@code cascade.judge.*} with their defaults and bounds (part of {@link CascadeConfig}): an
 * OpenAI-compatible endpoint — the hosted API, or the large tier's llama-server — that compares the cascade's answers
 * with the baseline's after a benchmark run. No URL, no judge.
 */
public interface JudgeConfig {
    /** OpenAI-compatible base URL (ends in /v1); empty: no judge. */
    Optional<String> url();

    /** Runs are judged unless they say otherwise (the scheduled run included); needs a URL. */
    @WithDefault("false") @WithConverter(StrictBoolean.class) boolean enabled();

    @WithDefault("qwen/qwen-2.5-72b-instruct") String model();

    Optional<String> apiKey();

    /** Longest one judge call may take (the circuit breaker's time limit). */
    @WithDefault("60000") @Range(min = 100, max = 3_600_000) long timeoutMs();

    /** The judge's answer budget (a verdict is one token; reasoning models need more). */
    @WithDefault("16") @Range(min = 1, max = 8_192) int maxTokens();

    /** Comparisons sent at once. */
    @WithDefault("2") @Range(min = 1, max = 64) int concurrency();

    /** Tries per comparison (first included) for 429, 503 and unreachable; waits honour Retry-After. */
    @WithDefault("3") @Range(min = 1, max = 10) int maxAttempts();

    /** The base URL without trailing slashes, null when no judge is configured (checked at binding). */
    default URI baseUrl() {
        URI base = Urls.base("cascade.judge.url", url().orElse(null));
        if (enabled() && base == null) {
            throw new IllegalArgumentException("cascade.judge.enabled is true, but cascade.judge.url is not set");
        }
        return base;
    }

    /** True when a judge endpoint is configured (runs may ask for judging). */
    default boolean configured() {
        return url().isPresent();
    }

    /** The endpoint judge calls go to. */
    default URI chatUrl() {
        return URI.create(baseUrl() + "/chat/completions");
    }
}
