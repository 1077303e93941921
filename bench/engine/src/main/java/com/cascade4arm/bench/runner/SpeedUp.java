package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * How much faster target A answers than target B in one category ("all" for every category): median latency of B's
 * successful requests divided by A's, over all levels. Above 1 means A is faster.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record SpeedUp(String category, String targetA, String targetB, int requestsA, int requestsB,
                      double medianMsA, double medianMsB, double speedUp) {

    public static final String ALL_CATEGORIES = "all";
}
