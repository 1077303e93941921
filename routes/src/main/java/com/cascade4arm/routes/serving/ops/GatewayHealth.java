package com.cascade4arm.routes.serving.ops;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.health.HealthCheckResultBuilder;

import java.util.List;

/**
 * The gateway's readiness through Camel's health-check API: {@link #register} puts the pools', the store's and the
 * drain's checks in the context's {@link HealthCheckRegistry}; {@link #render} is the {@code /health} route's step,
 * which calls them there and answers 200 ("ok", or "degraded" when only the store is down) or 503 ("draining",
 * "unavailable") with each endpoint's state. Only a check that says DOWN counts: one disabled or excluded in Camel's
 * registry ({@code camel.health.exclude-pattern}) is UNKNOWN and left out, as Camel's own readiness leaves it out.
 */
public final class GatewayHealth {
    /** The health-check group of the gateway's own checks (Camel's route and consumer checks have theirs). */
    public static final String GROUP = "cascade4arm";

    private final List<HealthCheck> checks;

    public GatewayHealth(PoolsHealthCheck pools, StoreHealthCheck store, DrainingHealthCheck draining) {
        this.checks = List.of(pools, store, draining);
    }

    /** Registers the checks with the context's registry (camel-health), where {@link #render} finds them. */
    public void register(CamelContext camel) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(camel);
        if (registry == null) {
            throw new IllegalStateException("no health-check registry: camel-health must be on the classpath");
        }
        checks.forEach(registry::register);
    }

    void render(Exchange exchange) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(exchange.getContext());
        HealthCheck.Result pools = call(registry, PoolsHealthCheck.ID);
        HealthCheck.Result store = call(registry, StoreHealthCheck.ID);
        HealthCheck.Result draining = call(registry, DrainingHealthCheck.ID);
        ObjectNode body = Json.object();
        Object endpoints = pools.getDetails().get(PoolsHealthCheck.ENDPOINTS);
        body.set("endpoints", endpoints instanceof JsonNode list ? list : Json.MAPPER.createArrayNode());
        if (store.getDetails().get(StoreHealthCheck.STATE) instanceof ObjectNode state) {
            body.set("store", state);
        }
        if (draining.getState() == HealthCheck.State.DOWN) {
            body.put("status", "draining");
            body.set("error", ApiError.body("not ready: this replica is shutting down (requests in flight finish, new"
                    + " ones are refused)", ApiError.UNAVAILABLE, "shutting_down").get("error"));
            exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 503);
        } else if (pools.getState() != HealthCheck.State.DOWN) {
            // Degraded still answers 200: the gateway routes (on its active or cached rules); only edits wait.
            body.put("status", store.getState() == HealthCheck.State.DOWN ? "degraded" : "ok");
        } else {
            @SuppressWarnings("unchecked")
            List<String> down = (List<String>) pools.getDetails().get(PoolsHealthCheck.DOWN_POOLS);
            body.put("status", "unavailable");
            ObjectNode error = body.putObject("error");
            error.put("code", 503).put("type", "unavailable_error")
                    .put("message", "not ready: no available endpoint in pool(s) " + String.join(", ", down));
            exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 503);
        }
        exchange.getMessage().setBody(body);
    }

    /** The check's result; UNKNOWN (left out) when it is excluded ({@code camel.health.exclude-pattern}). */
    private static HealthCheck.Result call(HealthCheckRegistry registry, String id) {
        HealthCheck check = registry.getCheck(id).orElseThrow(() -> new IllegalStateException("health check " + id
                + " is not registered"));
        if (registry.isExcluded(check)) {
            return HealthCheckResultBuilder.on(check).unknown().build();
        }
        return check.call();
    }
}
