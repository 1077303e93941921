package com.cascade4arm.routes.ops;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.routes.http.Json;
import com.cascade4arm.routes.routing.RouteDecision;
import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The operator endpoints' steps behind {@link OpsRoutes}: each leaves its answer as the body. */
final class OpsApi {
    private static final int MAX_EXPLAIN_CHARS = 100_000;

    private final Collection<UpstreamPool> requiredPools;
    private final RoutingService routing;

    OpsApi(Collection<UpstreamPool> requiredPools, RoutingService routing) {
        this.requiredPools = requiredPools;
        this.routing = routing;
    }

    void health(Exchange exchange) {
        ObjectNode body = Json.object();
        ArrayNode endpoints = body.putArray("endpoints");
        List<String> down = new ArrayList<>();
        for (UpstreamPool pool : requiredPools) {
            for (UpstreamEndpoint endpoint : pool.endpoints()) {
                endpoints.addObject().put("pool", pool.name()).put("url", endpoint.baseUri().toString())
                        .put("healthy", endpoint.healthy()).put("detail", endpoint.healthDetail())
                        .put("breaker", endpoint.breaker().getState().name().toLowerCase(java.util.Locale.ROOT));
            }
            if (!pool.anyAvailable()) {
                down.add(pool.name());
            }
        }
        if (down.isEmpty()) {
            body.put("status", "ok");
        } else {
            body.put("status", "unavailable");
            ObjectNode error = body.putObject("error");
            error.put("code", 503).put("type", "unavailable_error")
                    .put("message", "not ready: no available endpoint in pool(s) " + String.join(", ", down));
            exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 503);
        }
        exchange.getMessage().setBody(body);
    }

    void models(Exchange exchange) {
        ObjectNode body = Json.object().put("object", "list");
        ArrayNode data = body.putArray("data");
        long created = System.currentTimeMillis() / 1000;
        data.addObject().put("id", "auto").put("object", "model").put("created", created).put("owned_by", "cascade4arm")
                .put("description", "routed by the rulebook to one of the tiers");
        for (UpstreamPool pool : requiredPools) {
            data.addObject().put("id", pool.name()).put("object", "model").put("created", created)
                    .put("owned_by", "cascade4arm").put("description", "forces the " + pool.name() + " pool");
        }
        exchange.getMessage().setBody(body);
    }

    void explain(Exchange exchange) {
        JsonNode root = exchange.getMessage().getBody(JsonNode.class);
        List<ChatMessage> messages = new ArrayList<>();
        if (root.path("prompt").isTextual()) {
            messages.add(new ChatMessage("user", root.get("prompt").asText()));
        } else if (root.path("messages").isArray() && !root.get("messages").isEmpty()) {
            for (JsonNode m : root.get("messages")) {
                if (!m.path("role").isTextual() || !m.path("content").isTextual()) {
                    throw ApiError.badRequest("invalid_value", "each message needs a string role and content");
                }
                messages.add(new ChatMessage(m.get("role").asText(), m.get("content").asText()));
            }
        } else {
            throw ApiError.badRequest("missing_field", "send {\"prompt\": \"...\"} or {\"messages\": [...]}");
        }
        if (messages.stream().mapToInt(m -> m.content().length()).sum() > MAX_EXPLAIN_CHARS) {
            throw ApiError.tooLarge("prompt is longer than " + MAX_EXPLAIN_CHARS + " characters");
        }
        JsonNode maxTokens = root.get("max_tokens");
        Integer requested = maxTokens != null && maxTokens.canConvertToInt() ? maxTokens.asInt() : null;
        RouteDecision decision = routing.decide(messages, requested, null);
        ObjectNode body = Json.object();
        body.put("route", decision.route()).put("rule", decision.rule()).put("reason", decision.reason())
                .put("rules_version", decision.rulesVersion());
        body.set("facts", decision.facts());
        exchange.getMessage().setBody(body);
    }
}
