package com.cascade4arm.routes.ops;

import com.cascade4arm.routes.chat.ChatRequest;
import com.cascade4arm.routes.chat.ChatRequestParser;
import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.ErrorsConfiguration;
import com.cascade4arm.routes.http.Json;
import com.cascade4arm.routes.routing.RouteDecision;
import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import static com.cascade4arm.routes.RouteIds.EXPLAIN_ROUTE;
import static com.cascade4arm.routes.RouteIds.HEALTH;
import static com.cascade4arm.routes.RouteIds.LIST_MODELS;
import static com.cascade4arm.routes.RouteIds.direct;

/** Operator endpoints: readiness with per-endpoint detail, the model list, and routing explained without generating. */
public final class OpsRoutes extends RouteBuilder {
    /** Routing is explained as for model "auto"; these chat fields change nothing here. */
    private static final Set<String> EXPLAIN_IGNORED_FIELDS = Set.of("model", "stream", "stream_options");

    private final Collection<UpstreamPool> requiredPools;
    private final RoutingService routing;
    private final ChatRequestParser chat;
    private final boolean exposeEndpoints;

    public OpsRoutes(Collection<UpstreamPool> requiredPools, RoutingService routing, ChatRequestParser chat,
                     boolean exposeEndpoints) {
        this.requiredPools = requiredPools;
        this.routing = routing;
        this.chat = chat;
        this.exposeEndpoints = exposeEndpoints;
    }

    @Override
    public void configure() {
        from(direct(HEALTH)).routeId(HEALTH).routeConfigurationId(ErrorsConfiguration.ID).process(this::health);
        from(direct(LIST_MODELS)).routeId(LIST_MODELS).routeConfigurationId(ErrorsConfiguration.ID).process(this::models);
        from(direct(EXPLAIN_ROUTE)).routeId(EXPLAIN_ROUTE).routeConfigurationId(ErrorsConfiguration.ID).process(this::explain);
    }

    private void health(Exchange exchange) {
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

    private void models(Exchange exchange) {
        ObjectNode body = Json.object().put("object", "list");
        ArrayNode data = body.putArray("data");
        long created = System.currentTimeMillis() / 1000;
        data.addObject().put("id", "auto").put("object", "model").put("created", created).put("owned_by", "cascade4arm")
                .put("description", "routed by the rulebook to small or large");
        for (UpstreamPool pool : requiredPools) {
            data.addObject().put("id", pool.name()).put("object", "model").put("created", created)
                    .put("owned_by", "cascade4arm").put("description", "forces the " + pool.name() + " pool");
        }
        exchange.getMessage().setBody(body);
    }

    private void explain(Exchange exchange) {
        JsonNode root = Json.parseClientBody(exchange.getMessage().getBody(byte[].class));
        if (!root.isObject()) {
            throw ApiException.badRequest("invalid_type", "request body must be a JSON object, but was "
                    + root.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        // The chat endpoint's own validation: same limits, same errors (max_tokens, roles, messages, prompt size).
        ChatRequest request = chat.parsePromptOrMessages((ObjectNode) root, EXPLAIN_IGNORED_FIELDS);
        RouteDecision decision = routing.decide(request.messages(), request.requestedMaxTokens(), null);
        ObjectNode body = Json.object();
        body.put("route", decision.route()).put("rule", decision.rule()).put("reason", decision.reason())
                .put("rules_version", decision.rulesVersion());
        body.set("facts", decision.facts());
        exchange.getMessage().setBody(body);
    }
}
