package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One system under test: a name for reports ("cascade", "baseline"), the OpenAI-compatible base URL, the model id to
 * ask for ("auto" for the gateway) and an optional bearer token, which is never written to disk or JSON output.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TargetConfig(
        String name,
        String baseUrl,
        String model,
        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String apiKey) {

    public TargetConfig(String name, String baseUrl, String model) {
        this(name, baseUrl, model, null);
    }

    @Override
    public String toString() {
        return "TargetConfig[name=" + name + ", baseUrl=" + baseUrl + ", model=" + model
                + ", apiKey=" + (apiKey == null ? "none" : "***") + "]";
    }
}
