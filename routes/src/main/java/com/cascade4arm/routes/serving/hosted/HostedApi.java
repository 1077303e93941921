package com.cascade4arm.routes.serving.hosted;

import java.net.URI;
import java.util.Map;

/**
 * The hosted API as overflow calls it ({@code cascade.compare.hosted.*}, or the simulated stand-in in their place):
 * OpenAI-style base URL, key (null: not configured), model, attribution headers, and its list prices per million tokens
 * ({@code cascade.cost.hosted.*}).
 */
public record HostedApi(URI baseUrl, String apiKey, String model, Map<String, String> headers,
                        double usdPerMillionInput, double usdPerMillionOutput) {
    public HostedApi {
        headers = Map.copyOf(headers);
    }

    public boolean configured() {
        return baseUrl != null && apiKey != null && !apiKey.isBlank();
    }

    /** base + /chat/completions (the base ends in its version path, as OpenRouter's /api/v1). */
    public String chatUrl() {
        return baseUrl.toString().replaceAll("/+$", "") + "/chat/completions";
    }

    /** base + /completions: the legacy text completion (OpenRouter's /api/v1/completions). */
    public String completionsUrl() {
        return baseUrl.toString().replaceAll("/+$", "") + "/completions";
    }

    /** Where answers say they came from: the hosted API's public URL. */
    public String endpoint() {
        return baseUrl.toString();
    }
}
