package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** One target's warm-up before the first level: sent, ok and failed requests. Never part of rows or aggregates. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record WarmupResult(String target, int requests, int ok, int errors) {
}
