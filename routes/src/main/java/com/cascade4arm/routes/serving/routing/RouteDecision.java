package com.cascade4arm.routes.serving.routing;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.function.Supplier;

/**
 * How one request was routed: the pool, the rule that decided and why, and the rules version. The extracted facts
 * are rendered only when asked for ({@code /api/route}), not on every chat request. {@code escalateBelow} is the
 * confidence threshold of a tentative small route (null when the route is final).
 */
public record RouteDecision(String route, String rule, String reason, long rulesVersion, Supplier<JsonNode> factsView,
                            Double escalateBelow) {
    public RouteDecision(String route, String rule, String reason, long rulesVersion, Supplier<JsonNode> factsView) {
        this(route, rule, reason, rulesVersion, factsView, null);
    }

    /** The extracted facts, as JSON, with the category and the rules that fired. */
    public JsonNode facts() {
        return factsView.get();
    }

    /** The same decision sent to another tier, with the reason why. */
    public RouteDecision rerouted(String newRoute, String newReason) {
        return new RouteDecision(newRoute, rule, newReason, rulesVersion, factsView, null);
    }
}
