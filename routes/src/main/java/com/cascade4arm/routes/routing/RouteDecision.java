package com.cascade4arm.routes.routing;

/** How one request was routed: the pool, the rule that decided and why, the extracted facts and the rules version. */
public record RouteDecision(String route, String rule, String reason, Object facts, long rulesVersion) {
}
