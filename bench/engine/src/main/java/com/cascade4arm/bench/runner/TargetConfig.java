package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One system under test: a name for reports ("cascade", "baseline"), the OpenAI-compatible base URL, the model id to
 * ask for ("auto" for the gateway), an optional bearer token, which is never written to disk or JSON output, and the
 * hourly price of the instance it runs on (null: unknown, the run reports no cost for it).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TargetConfig(
        String name,
        String baseUrl,
        String model,
        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String apiKey,
        Double usdPerHour) {

    public TargetConfig(String name, String baseUrl, String model) {
        this(name, baseUrl, model, null, null);
    }

    public TargetConfig(String name, String baseUrl, String model, String apiKey) {
        this(name, baseUrl, model, apiKey, null);
    }

    /** The same target priced at {@code newUsdPerHour}. */
    public TargetConfig withUsdPerHour(Double newUsdPerHour) {
        return new TargetConfig(name, baseUrl, model, apiKey, newUsdPerHour);
    }

    @Override
    public String toString() {
        return "TargetConfig[name=" + name + ", baseUrl=" + baseUrl + ", model=" + model
                + ", apiKey=" + (apiKey == null ? "none" : "***") + ", usdPerHour=" + usdPerHour + "]";
    }
}
