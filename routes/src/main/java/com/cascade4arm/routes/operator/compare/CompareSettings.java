package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.serving.cost.CostConfig;

import java.net.URI;

/**
 * What Compare runs with: its keys ({@link CompareConfig}; the hosted prices are {@code cascade.cost.hosted.*}) and
 * what the application may put in their place before it starts — the hosted column's endpoint (the simulated hosted
 * API) and the CPUs of the cascade and the baseline (known for embedded hosts).
 *
 * @param hostedBaseUrl OpenAI-compatible base URL of the hosted API (ends in /v1 or /api/v1)
 * @param hostedApiKey  Bearer key of the hosted API; null = the hosted column is skipped
 * @param cpus          whether the cascade and the baseline have CPUs of their own (known for embedded hosts)
 */
public record CompareSettings(CompareConfig config, CostConfig.Hosted prices, URI hostedBaseUrl, String hostedModel,
                              String hostedApiKey, SystemCpus cpus) {
    /** From the bound cascade.compare.* and cascade.cost.hosted.* keys. */
    public static CompareSettings from(CascadeConfig config) {
        CompareConfig.Hosted hosted = config.compare().hosted();
        return new CompareSettings(config.compare(), config.cost().hosted(), hosted.url(), hosted.model(),
                hosted.apiKey().orElse(null), SystemCpus.UNKNOWN);
    }

    /** A copy whose hosted column is the simulated API at {@code base}: its key and a model name that says so. */
    public CompareSettings withSimulatedHosted(URI base, String apiKey, String model) {
        return new CompareSettings(config, prices, base, model, apiKey, cpus);
    }

    /** A copy that knows where the cascade's and the baseline's hosts run (the embedded hosts' CPU lists). */
    public CompareSettings withCpus(SystemCpus newCpus) {
        return new CompareSettings(config, prices, hostedBaseUrl, hostedModel, hostedApiKey, newCpus);
    }

    /** The hosted API's reasoning unless a compare asks for another (cascade.compare.hosted.reasoning). */
    public HostedReasoning hostedReasoning() {
        return config.hosted().reasoningLevel();
    }
}
