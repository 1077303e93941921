package com.cascade4arm.routes.compare;

import com.cascade4arm.routes.config.PropertyReader;

import java.net.URI;
import java.util.function.Function;

/**
 * Compare's settings (keys under {@code cascade.compare.*} and the hosted prices under {@code cascade.cost.hosted.*},
 * documented in application.properties). Read and checked at startup: a bad value fails the start naming key and value.
 *
 * @param deadlineMs      longest a whole compare may take, all systems and retries included
 * @param hostedBaseUrl   OpenAI-compatible base URL of the hosted API (ends in /v1 or /api/v1)
 * @param hostedApiKey    Bearer key of the hosted API; null = the hosted column is skipped
 * @param retry           retry, backoff, cooldown and breaker knobs shared by the three systems
 * @param hostedReasoning the hosted API's reasoning unless a compare asks for another (cascade.compare.hosted.reasoning)
 * @param cpus            whether the cascade and the baseline have CPUs of their own (known for embedded hosts)
 */
public record CompareSettings(long deadlineMs, URI hostedBaseUrl, String hostedModel, String hostedApiKey,
                              String hostedReferer, String hostedTitle, double hostedUsdPerMillionInput,
                              double hostedUsdPerMillionOutput, Retry retry, HostedReasoning hostedReasoning,
                              SystemCpus cpus) {
    public static final long DEFAULT_DEADLINE_MS = 120_000;
    public static final String DEFAULT_HOSTED_BASE_URL = "https://openrouter.ai/api/v1";
    public static final String DEFAULT_HOSTED_MODEL = "qwen/qwen-2.5-7b-instruct";
    /** OpenRouter's app attribution; set it to the deployment's public URL. */
    public static final String DEFAULT_HOSTED_REFERER = "http://localhost";
    public static final String DEFAULT_HOSTED_TITLE = "Cascade4Arm";
    /** OpenRouter list price of qwen/qwen-2.5-7b-instruct when written, USD per million input tokens. */
    public static final double DEFAULT_HOSTED_USD_PER_MILLION_INPUT = 0.04;
    /** Same, USD per million output tokens (reasoning tokens are billed as output). */
    public static final double DEFAULT_HOSTED_USD_PER_MILLION_OUTPUT = 0.10;
    /** Resilience4j's randomized backoff needs a jitter below 1 (±100 % would allow a zero wait). */
    public static final double MAX_JITTER = 0.99;

    /**
     * @param maxAttempts       tries per system and compare (first call included), for 429 and 503 only
     * @param initialBackoffMs  first exponential backoff step (doubles per retry) when the server gives no hint
     * @param maxWaitMs         cap on any wait; a server asking for longer fails fast
     * @param jitter            spread of the exponential backoff (0.2 = ±20 %), and the upward spread added to hints
     * @param cooldownAfter429s consecutive 429s after which a system cools down
     * @param cooldownMs        how long a cooling-down system is skipped
     * @param breakerOpenMs     how long an open per-system breaker rejects calls before a trial call
     */
    public record Retry(int maxAttempts, long initialBackoffMs, long maxWaitMs, double jitter, int cooldownAfter429s,
                        long cooldownMs, long breakerOpenMs) {
        public static final int DEFAULT_MAX_ATTEMPTS = 3;
        public static final long DEFAULT_INITIAL_BACKOFF_MS = 500;
        public static final long DEFAULT_MAX_WAIT_MS = 10_000;
        public static final double DEFAULT_JITTER = 0.2;
        public static final int DEFAULT_COOLDOWN_AFTER_429S = 3;
        public static final long DEFAULT_COOLDOWN_MS = 30_000;
        public static final long DEFAULT_BREAKER_OPEN_MS = 30_000;
        public static final Retry DEFAULTS = new Retry(DEFAULT_MAX_ATTEMPTS, DEFAULT_INITIAL_BACKOFF_MS,
                DEFAULT_MAX_WAIT_MS, DEFAULT_JITTER, DEFAULT_COOLDOWN_AFTER_429S, DEFAULT_COOLDOWN_MS,
                DEFAULT_BREAKER_OPEN_MS);
    }

    /** Reads the keys through {@code property} (null or blank = unset, so the default applies). */
    public static CompareSettings read(Function<String, String> property) {
        Keys keys = new Keys(property);
        URI hosted = URI.create(keys.text("cascade.compare.hosted.base-url", DEFAULT_HOSTED_BASE_URL).replaceAll("/+$", ""));
        if (hosted.getScheme() == null || !hosted.getScheme().startsWith("http") || hosted.getHost() == null) {
            throw new IllegalArgumentException("cascade.compare.hosted.base-url must be an http(s) URL, but was " + hosted);
        }
        Retry retry = new Retry(
                (int) keys.integer("cascade.compare.retry.max-attempts", Retry.DEFAULT_MAX_ATTEMPTS, 1, 10),
                keys.integer("cascade.compare.retry.initial-backoff-ms", Retry.DEFAULT_INITIAL_BACKOFF_MS, 1, 600_000),
                keys.integer("cascade.compare.retry.max-wait-ms", Retry.DEFAULT_MAX_WAIT_MS, 1, 3_600_000),
                keys.decimal("cascade.compare.retry.jitter", Retry.DEFAULT_JITTER, MAX_JITTER),
                (int) keys.integer("cascade.compare.cooldown.after-429s", Retry.DEFAULT_COOLDOWN_AFTER_429S, 1, 1_000),
                keys.integer("cascade.compare.cooldown.duration-ms", Retry.DEFAULT_COOLDOWN_MS, 1, 86_400_000),
                keys.integer("cascade.compare.breaker.open-ms", Retry.DEFAULT_BREAKER_OPEN_MS, 1, 3_600_000));
        return new CompareSettings(
                keys.integer("cascade.compare.deadline-ms", DEFAULT_DEADLINE_MS, 100, 3_600_000),
                hosted,
                keys.text("cascade.compare.hosted.model", DEFAULT_HOSTED_MODEL),
                keys.text("cascade.compare.hosted.api-key", null),
                keys.text("cascade.compare.hosted.referer", DEFAULT_HOSTED_REFERER),
                keys.text("cascade.compare.hosted.title", DEFAULT_HOSTED_TITLE),
                keys.decimal("cascade.cost.hosted.usd-per-million-input", DEFAULT_HOSTED_USD_PER_MILLION_INPUT, Double.MAX_VALUE),
                keys.decimal("cascade.cost.hosted.usd-per-million-output", DEFAULT_HOSTED_USD_PER_MILLION_OUTPUT, Double.MAX_VALUE),
                retry,
                HostedReasoning.parse(keys.text("cascade.compare.hosted.reasoning", HostedReasoning.DEFAULT.toString()),
                        "cascade.compare.hosted.reasoning"),
                SystemCpus.UNKNOWN);
    }

    /** A copy whose hosted column is the simulated API at {@code base}: its key and a model name that says so. */
    public CompareSettings withSimulatedHosted(URI base, String apiKey, String model) {
        return new CompareSettings(deadlineMs, base, model, apiKey, hostedReferer, hostedTitle, hostedUsdPerMillionInput,
                hostedUsdPerMillionOutput, retry, hostedReasoning, cpus);
    }

    /** A copy that knows where the cascade's and the baseline's hosts run (the embedded hosts' CPU lists). */
    public CompareSettings withCpus(SystemCpus newCpus) {
        return new CompareSettings(deadlineMs, hostedBaseUrl, hostedModel, hostedApiKey, hostedReferer, hostedTitle,
                hostedUsdPerMillionInput, hostedUsdPerMillionOutput, retry, hostedReasoning, newCpus);
    }

    /** The settings with every default and no hosted key (what an empty configuration gives). */
    public static CompareSettings defaults() {
        return read(key -> null);
    }

    /** The shared typed reads, with this group's conventions (decimals are never negative). */
    private record Keys(PropertyReader reader) {
        Keys(Function<String, String> property) {
            this(new PropertyReader(property));
        }

        String text(String key, String fallback) {
            return reader.text(key, fallback);
        }

        long integer(String key, long fallback, long min, long max) {
            return reader.integer(key, fallback, min, max);
        }

        double decimal(String key, double fallback, double max) {
            return reader.decimal(key, fallback, 0, max);
        }
    }
}
