package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Share of a target's successful requests that carried a route and whose route equals the prompt's expected route,
 * per category and overall ("all").
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RoutingAccuracy(String target, String category, int routed, int correct, double accuracy) {
}
