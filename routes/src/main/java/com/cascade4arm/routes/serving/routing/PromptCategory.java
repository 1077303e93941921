package com.cascade4arm.routes.serving.routing;

import com.cascade4arm.openai.ChatMessage;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** The category the active rulebook assigns to a prompt sent alone (the console's examples, a run's confusion table). */
public final class PromptCategory {
    private PromptCategory() {
    }

    /** The assigned category, or null when no rule assigned one. */
    public static String of(RoutingService routing, String prompt) {
        JsonNode category = routing.decide(List.of(ChatMessage.user(prompt)), null, null).facts().path("category");
        return category.isTextual() ? category.asText() : null;
    }
}
