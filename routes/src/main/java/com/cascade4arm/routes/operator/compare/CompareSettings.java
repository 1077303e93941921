package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.config.Urls;

import java.net.URI;

/**
 * Compare's settings (keys under {@code cascade.compare.*} and the hosted prices under {@code cascade.cost.hosted.*},
 * bound from {@link CompareConfig}). Checked at startup: a bad value fails the start naming key and value.
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
        /** Every default. */
        public static final Retry DEFAULTS = defaults().retry();
    }

    /** From the bound cascade.compare.* and cascade.cost.hosted.* keys ({@link CompareConfig}). */
    public static CompareSettings from(CascadeConfig config) {
        CompareConfig c = config.compare();
        CompareConfig.Hosted h = c.hosted();
        URI hosted = URI.create(h.baseUrl().replaceAll("/+$", ""));
        if (!Urls.isHttp(hosted)) {
            throw new IllegalArgumentException("cascade.compare.hosted.base-url must be an http(s) URL, but was " + hosted);
        }
        Retry retry = new Retry(c.retry().maxAttempts(), c.retry().initialBackoffMs(), c.retry().maxWaitMs(),
                c.retry().jitter(), c.cooldown().after429s(), c.cooldown().durationMs(), c.breaker().openMs());
        return new CompareSettings(c.deadlineMs(), hosted, h.model(), h.apiKey().orElse(null), h.referer(), h.title(),
                config.cost().hosted().usdPerMillionInput(), config.cost().hosted().usdPerMillionOutput(), retry,
                HostedReasoning.parse(h.reasoning(), "cascade.compare.hosted.reasoning"), SystemCpus.UNKNOWN);
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
        return from(ConfigBinding.defaults().cascade());
    }
}
