package com.cascade4arm.bench.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One benchmark prompt with the route the cascade is expected to pick for it. */
public record Prompt(
        @JsonProperty("id") String id,
        @JsonProperty("category") String category,
        @JsonProperty("expected_route") String expectedRoute,
        @JsonProperty("prompt") String prompt) {
}
