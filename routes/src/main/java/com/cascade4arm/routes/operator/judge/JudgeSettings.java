package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.config.CascadeConfig;

import java.net.URI;
import java.util.Locale;

/**
 * The answer judge's settings (keys under {@code cascade.judge.*}: {@link JudgeConfig}): an
 * OpenAI-compatible endpoint — the hosted API, or the large tier's llama-server — that compares the cascade's answers
 * with the baseline's after a benchmark run. No URL, no judge. Read and checked at startup.
 *
 * @param enabled     runs are judged unless they say otherwise (the scheduled run included)
 * @param baseUrl     OpenAI-compatible base URL (ends in /v1), null when no judge is configured
 * @param timeoutMs   longest one judge call may take (the circuit breaker's time limit)
 * @param maxTokens   the judge's answer budget (a verdict is one token; reasoning models need more)
 * @param concurrency comparisons sent at once
 * @param maxAttempts tries per comparison (first included) for 429, 503 and unreachable; waits honour Retry-After
 */
public record JudgeSettings(boolean enabled, URI baseUrl, String model, String apiKey, long timeoutMs, int maxTokens,
                            int concurrency, int maxAttempts) {
    /** From the bound cascade.judge.* keys ({@link JudgeConfig}); enabled needs a URL. */
    public static JudgeSettings from(CascadeConfig config) {
        JudgeConfig keys = config.judge();
        String url = keys.url().orElse(null);
        URI base = url == null ? null : URI.create(url.replaceAll("/+$", ""));
        if (base != null && (base.getScheme() == null || !base.getScheme().toLowerCase(Locale.ROOT).startsWith("http")
                || base.getHost() == null)) {
            throw new IllegalArgumentException("cascade.judge.url must be an http(s) URL, but was " + url);
        }
        if (keys.enabled() && base == null) {
            throw new IllegalArgumentException("cascade.judge.enabled is true, but cascade.judge.url is not set");
        }
        return new JudgeSettings(keys.enabled(), base, keys.model(), keys.apiKey().orElse(null), keys.timeoutMs(),
                keys.maxTokens(), keys.concurrency(), keys.maxAttempts());
    }

    /** True when a judge endpoint is configured (runs may ask for judging). */
    public boolean configured() {
        return baseUrl != null;
    }

    /** The endpoint judge calls go to. */
    public URI chatUrl() {
        return URI.create(baseUrl + "/chat/completions");
    }
}
