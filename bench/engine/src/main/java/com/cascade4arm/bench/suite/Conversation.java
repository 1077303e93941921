package com.cascade4arm.bench.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * One conversation of the multi-turn suite: a long system prompt (a document the assistant answers from, ~1,000 to
 * 1,300 tokens) and the user's turns; the assistant's turns are the model's own answers, carried into the next turn.
 */
public record Conversation(
        @JsonProperty("id") String id,
        @JsonProperty("title") String title,
        @JsonProperty("system") String system,
        @JsonProperty("turns") List<ConversationTurn> turns) {

    public Conversation {
        turns = List.copyOf(turns);
    }
}
