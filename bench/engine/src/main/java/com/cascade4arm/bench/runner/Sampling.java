package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * The sampling parameters every request of a run sends, the same to every target so they do the same work. A null
 * value is not sent, so the server's default applies (llama-server: temperature 0.8, top_p 0.95, a random seed).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Sampling(Double temperature, Double topP, Integer seed) {

    public static final Sampling SERVER_DEFAULTS = new Sampling(null, null, null);
    public static final double MAX_TEMPERATURE = 2;

    void addProblems(List<String> problems) {
        if (temperature != null && !(temperature >= 0 && temperature <= MAX_TEMPERATURE)) {
            problems.add("sampling.temperature must be between 0 and " + (int) MAX_TEMPERATURE + ", but was " + temperature);
        }
        if (topP != null && !(topP >= 0 && topP <= 1)) {
            problems.add("sampling.top_p must be between 0 and 1, but was " + topP);
        }
    }
}
