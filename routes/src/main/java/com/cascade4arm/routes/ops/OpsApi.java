package com.cascade4arm.routes.ops;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.ChatRequestParser;
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
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.Set;

/** The operator endpoints' steps behind {@link OpsRoutes}: each leaves its answer as the body. */
final class OpsApi {
    /** Routing is explained as for model "auto"; these chat fields change nothing here. */
    private static final Set<String> EXPLAIN_IGNORED_FIELDS = Set.of("model", "stream", "stream_options");

    private final Collection<UpstreamPool> requiredPools;
    private final RoutingService routing;
    private final ChatRequestParser chat;
    private final boolean exposeEndpoints;
    /** The shared store's state (cascade.store=postgres); empty with local files. */
    private final Supplier<Optional<ObjectNode>> store;
    /** True once graceful shutdown began: readiness fails at once so the load balancer stops sending requests. */
    private final BooleanSupplier draining;

    OpsApi(Collection<UpstreamPool> requiredPools, RoutingService routing, ChatRequestParser chat, boolean exposeEndpoints,
           Supplier<Optional<ObjectNode>> store, BooleanSupplier draining) {
        this.requiredPools = requiredPools;
        this.draining = draining;
        this.store = store;
        this.routing = routing;
        this.chat = chat;
        this.exposeEndpoints = exposeEndpoints;
    }

    void health(Exchange exchange) {
        ObjectNode body = Json.object();
        ArrayNode endpoints = body.putArray("endpoints");
        List<String> down = new ArrayList<>();
        for (UpstreamPool pool : requiredPools) {
            for (UpstreamEndpoint endpoint : pool.endpoints()) {
                ObjectNode entry = endpoints.addObject().put("pool", pool.name()).put("name", endpoint.name());
                if (exposeEndpoints) {
                    entry.put("url", endpoint.baseUri().toString()); // internal addresses only when configured
                }
                entry.put("healthy", endpoint.healthy()).put("detail", endpoint.healthDetail())
                        .put("breaker", endpoint.breaker().getState().name().toLowerCase(java.util.Locale.ROOT));
            }
            if (!pool.anyAvailable()) {
                down.add(pool.name());
            }
        }
        Optional<ObjectNode> storeState = store.get();
        storeState.ifPresent(state -> body.set("store", state));
        boolean storeDegraded = storeState.map(state -> !"ok".equals(state.path("status").asText())
                || state.has("rules_source")).orElse(false);
        if (draining.getAsBoolean()) {
            body.put("status", "draining");
            body.set("error", ApiError.body("not ready: this replica is shutting down (requests in flight finish, new"
                    + " ones are refused)", ApiError.UNAVAILABLE, "shutting_down").get("error"));
            exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 503);
        } else if (down.isEmpty()) {
            // Degraded still answers 200: the gateway routes (on its active or cached rules); only edits wait.
            body.put("status", storeDegraded ? "degraded" : "ok");
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
        if (root == null || !root.isObject()) {
            throw ApiError.badRequest("invalid_type", "request body must be a JSON object, but was "
                    + (root == null ? "empty" : root.getNodeType().name().toLowerCase(Locale.ROOT)));
        }
        // The chat endpoint's own validation: same limits, same errors (max_tokens, roles, messages, prompt size).
        ChatRequest request = chat.parsePromptOrMessages((ObjectNode) root, EXPLAIN_IGNORED_FIELDS);
        RouteDecision decision = routing.decide(routing.facts(request.messages(), request.requestedMaxTokens()), null);
        ObjectNode body = Json.object();
        body.put("route", decision.route()).put("rule", decision.rule()).put("reason", decision.reason())
                .put("rules_version", decision.rulesVersion());
        body.set("facts", decision.facts());
        exchange.getMessage().setBody(body);
    }
}
