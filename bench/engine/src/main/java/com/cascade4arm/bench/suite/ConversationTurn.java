package com.cascade4arm.bench.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One user turn of a suite conversation: its prompt category (the five of the prompt suite) and its text. */
public record ConversationTurn(
        @JsonProperty("category") String category,
        @JsonProperty("content") String content) {
}
