package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Share of a target's successful requests that carried a route and whose route equals the prompt's expected route,
 * per category and overall ("all"), with the two kinds of miss apart because they cost differently: a hard prompt
 * (expected large) routed small risks the answer's quality, an easy one routed large only costs compute.
 *
 * @param hardSentSmall requests expected large but routed small
 * @param easySentLarge requests expected small but routed large
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RoutingAccuracy(String target, String category, int routed, int correct, double accuracy,
                              int hardSentSmall, int easySentLarge) {
}
