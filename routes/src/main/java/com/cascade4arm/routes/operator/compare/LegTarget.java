package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.bench.cost.CostModel;
import com.cascade4arm.routes.serving.cost.SystemCost;
import com.cascade4arm.routes.serving.upstream.UpstreamClient;

import java.net.URI;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where and how one system is called: its base URL (null while unknown), chat URL, key, model, extra headers, how its
 * cost is computed, and why it cannot run when it is not configured.
 *
 * @param openAiBase true when the base URL already ends in the API version (OpenAI style: base + /chat/completions);
 *                   false for llama-server style (base + /v1/chat/completions)
 * @param model      the model field to send; null sends none
 * @param cost       the request's cost in USD from what the leg measured, null when unknown
 * @param instance   the paid instance whose share each attempt holds (the baseline's), null when the system is not
 *                   ours to meter (the cascade meters itself; the hosted API bills tokens)
 * @param reasoning  the reasoning the system is asked for unless a compare says otherwise; null: not a reasoning API
 */
record LegTarget(SystemName system, Supplier<URI> base, boolean openAiBase, String apiKey, String model,
                 Map<String, String> headers, CostRule cost, Supplier<String> unconfigured, SystemCost instance,
                 HostedReasoning reasoning) {

    /** Cost of a successful answer; {@code shareMs}: the attempt's measured share of the instance. */
    @FunctionalInterface
    interface CostRule {
        Double cost(LegStream stream, SystemResult.Measures measures, double shareMs);
    }

    /**
     * The gateway itself over loopback, model auto: routed exactly as any client's request; cost from its cascade
     * object. {@code selfKey} (the edge's internal key, may be null) lets the call past the per-client limits.
     */
    static LegTarget cascade(Supplier<URI> selfUrl, String selfKey) {
        return new LegTarget(SystemName.CASCADE, selfUrl, false, selfKey, "auto", Map.of(),
                (stream, measures, busyMs) -> stream.cascade() != null && stream.cascade().path("cost_usd").isNumber()
                        ? stream.cascade().get("cost_usd").asDouble() : null,
                () -> selfUrl.get() == null ? "the gateway's HTTP server is not bound yet" : null, null, null);
    }

    /** The baseline endpoint: its instance price for the attempt's share (by the compares in flight on it). */
    static LegTarget baseline(URI url, SystemCost instance) {
        return new LegTarget(SystemName.BASELINE, () -> url, false, null, null, Map.of(),
                (stream, measures, shareMs) -> CostModel.requestUsd(instance.usdPerHour(), shareMs),
                () -> url == null ? "no baseline endpoint configured (cascade.baseline.url / CASCADE_BASELINE_URL)" : null,
                instance, null);
    }

    /** The hosted API: per-token list prices (reasoning tokens are billed as output); OpenRouter attribution headers. */
    static LegTarget hosted(CompareSettings settings) {
        CompareConfig.Hosted keys = settings.config().hosted();
        Map<String, String> attribution = Map.of("HTTP-Referer", keys.referer(),
                "X-OpenRouter-Title", keys.title(), "X-Title", keys.title());
        return new LegTarget(SystemName.HOSTED, settings::hostedBaseUrl, true, settings.hostedApiKey(),
                settings.hostedModel(), attribution,
                (stream, measures, busyMs) -> CostModel.hosted(settings.prices().usdPerMillionInput(),
                        settings.prices().usdPerMillionOutput(), orZero(measures.promptTokens()), orZero(measures.completionTokens())),
                () -> settings.hostedApiKey() == null
                        ? "no API key for the hosted API: set OPENROUTER_API_KEY (cascade.compare.hosted.api-key)" : null,
                null, settings.hostedReasoning());
    }

    /** The chat completions URL under {@code base}. */
    URI chatUrl(URI base) {
        String root = base.toString().replaceAll("/+$", "");
        return openAiBase ? URI.create(root + "/chat/completions") : URI.create(root + UpstreamClient.CHAT_PATH);
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
