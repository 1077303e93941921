package com.cascade4arm.routes.judge;

import com.cascade4arm.routes.config.PropertyReader;

import java.net.URI;
import java.util.Locale;
import java.util.function.Function;

/**
 * The answer judge's settings (keys under {@code cascade.judge.*}, documented in application.properties): an
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
    public static final String DEFAULT_MODEL = "qwen/qwen-2.5-72b-instruct";
    public static final long DEFAULT_TIMEOUT_MS = 60_000;
    public static final int DEFAULT_MAX_TOKENS = 16;
    public static final int DEFAULT_CONCURRENCY = 2;
    public static final int DEFAULT_MAX_ATTEMPTS = 3;

    public static JudgeSettings read(Function<String, String> property) {
        PropertyReader keys = new PropertyReader(property);
        String url = keys.text("cascade.judge.url");
        URI base = url == null ? null : URI.create(url.replaceAll("/+$", ""));
        if (base != null && (base.getScheme() == null || !base.getScheme().toLowerCase(Locale.ROOT).startsWith("http")
                || base.getHost() == null)) {
            throw new IllegalArgumentException("cascade.judge.url must be an http(s) URL, but was " + url);
        }
        String enabledText = keys.text("cascade.judge.enabled", "false");
        if (!enabledText.equals("true") && !enabledText.equals("false")) {
            throw new IllegalArgumentException("cascade.judge.enabled must be true or false, but was " + enabledText);
        }
        boolean enabled = Boolean.parseBoolean(enabledText);
        if (enabled && base == null) {
            throw new IllegalArgumentException("cascade.judge.enabled is true, but cascade.judge.url is not set");
        }
        return new JudgeSettings(enabled, base, keys.text("cascade.judge.model", DEFAULT_MODEL),
                keys.text("cascade.judge.api-key"),
                keys.integer("cascade.judge.timeout-ms", DEFAULT_TIMEOUT_MS, 100, 3_600_000),
                (int) keys.integer("cascade.judge.max-tokens", DEFAULT_MAX_TOKENS, 1, 8_192),
                (int) keys.integer("cascade.judge.concurrency", DEFAULT_CONCURRENCY, 1, 64),
                (int) keys.integer("cascade.judge.max-attempts", DEFAULT_MAX_ATTEMPTS, 1, 10));
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
