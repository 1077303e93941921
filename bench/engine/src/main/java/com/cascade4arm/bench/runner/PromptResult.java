package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Map;

/**
 * One suite prompt over a whole run (id and text): the route the first target took most often, each target's median latency of its
 * successful requests (ms, all levels), and the speed-up of the first target over the second (null when either has none).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PromptResult(String promptId, String prompt, String category, String expectedRoute, String route,
                           Map<String, Double> medianMs, Double speedUp) {
}
