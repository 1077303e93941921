package com.cascade4arm.routes.serving.ops;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The gateway's readiness through Camel's health-check API: {@link #register} puts three readiness checks in the
 * context's {@link HealthCheckRegistry} — {@link #POOLS} (down while a tier's pool has no endpoint that is healthy
 * and whose breaker lets requests through), {@link #STORE} (down while the shared store does not answer or the rules
 * come from the local cache) and {@link #DRAINING} (down from SIGTERM, so the load balancer stops sending requests
 * while those in flight finish). {@link #render} is the {@code /health} route's step, which calls them there and
 * answers 200 ("ok", or "degraded" when only the store is down) or 503 ("draining", "unavailable") with each
 * endpoint's state. Only a check that says DOWN counts: one disabled or excluded in Camel's registry
 * ({@code camel.health.exclude-pattern}) is UNKNOWN and left out, as Camel's own readiness leaves it out.
 */
public final class GatewayHealth {
    /** The health-check group of the gateway's own checks (Camel's route and consumer checks have theirs). */
    public static final String GROUP = "cascade4arm";
    public static final String POOLS = "pools";
    public static final String STORE = "store";
    public static final String DRAINING = "draining";
    /** Detail of {@link #POOLS}: the endpoints' states (a JSON array); {@link #STORE}'s is the store's state. */
    private static final String ENDPOINTS = "endpoints";

    private final List<HealthCheck> checks;

    /**
     * {@code exposeEndpoints}: name the endpoints' URLs (internal addresses only when configured); {@code store}: the
     * shared store's state, empty with local files (always up, no detail).
     */
    public GatewayHealth(Collection<UpstreamPool> pools, boolean exposeEndpoints, Supplier<Optional<ObjectNode>> store,
                         BooleanSupplier draining) {
        this.checks = List.of(new ReadinessCheck(POOLS, builder -> pools(builder, pools, exposeEndpoints)),
                new ReadinessCheck(STORE, builder -> store(builder, store.get())),
                new ReadinessCheck(DRAINING, builder -> state(builder, draining.getAsBoolean(),
                        "this replica is shutting down")));
    }

    /** Registers the checks with the context's registry (camel-health), where {@link #render} finds them. */
    public void register(CamelContext camel) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(camel);
        if (registry == null) {
            throw new IllegalStateException("no health-check registry: camel-health must be on the classpath");
        }
        checks.forEach(registry::register);
    }

    private static void pools(HealthCheckResultBuilder builder, Collection<UpstreamPool> pools, boolean expose) {
        ArrayNode endpoints = Json.MAPPER.createArrayNode();
        List<String> down = new ArrayList<>();
        for (UpstreamPool pool : pools) {
            for (UpstreamEndpoint endpoint : pool.endpoints()) {
                ObjectNode entry = endpoints.addObject().put("pool", pool.name()).put("name", endpoint.name());
                if (expose) {
                    entry.put("url", endpoint.baseUri().toString());
                }
                entry.put("healthy", endpoint.healthy()).put("detail", endpoint.healthDetail())
                        .put("breaker", endpoint.breaker().getState().name().toLowerCase(Locale.ROOT));
            }
            // Ready needs an endpoint a check said ok: one not checked yet may take requests, but is not known up.
            if (pool.endpoints().stream().noneMatch(endpoint -> endpoint.healthy() && endpoint.available())) {
                down.add(pool.name());
            }
        }
        builder.detail(ENDPOINTS, endpoints);
        state(builder, !down.isEmpty(), "no available endpoint in pool(s) " + String.join(", ", down));
    }

    private static void store(HealthCheckResultBuilder builder, Optional<ObjectNode> state) {
        state.ifPresent(s -> builder.detail(STORE, s));
        boolean degraded = state.map(s -> !"ok".equals(s.path("status").asText()) || s.has("rules_source")).orElse(false);
        state(builder, degraded, "shared store degraded");
    }

    void render(Exchange exchange) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(exchange.getContext());
        HealthCheck.Result pools = call(registry, POOLS);
        HealthCheck.Result store = call(registry, STORE);
        HealthCheck.Result draining = call(registry, DRAINING);
        ObjectNode body = Json.object();
        Object endpoints = pools.getDetails().get(ENDPOINTS);
        body.set("endpoints", endpoints instanceof JsonNode list ? list : Json.MAPPER.createArrayNode());
        if (store.getDetails().get(STORE) instanceof ObjectNode state) {
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
            body.put("status", "unavailable");
            body.putObject("error").put("code", 503).put("type", "unavailable_error")
                    .put("message", "not ready: " + pools.getMessage().orElse("no available endpoint"));
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

    /** DOWN with {@code why}, or UP. */
    private static void state(HealthCheckResultBuilder builder, boolean down, String why) {
        builder.state(down ? HealthCheck.State.DOWN : HealthCheck.State.UP).message(down ? why : null);
    }

    /**
     * A readiness-only health check of the gateway's group: when it is down the replica should get no traffic, but it
     * is not dead — restarting it would bring back neither an upstream pool nor the database, and would cut a drain
     * short.
     */
    private static final class ReadinessCheck extends AbstractHealthCheck {
        private final Consumer<HealthCheckResultBuilder> check;

        /** {@code check} sets the result's state and details on each call. */
        ReadinessCheck(String id, Consumer<HealthCheckResultBuilder> check) {
            super(GROUP, id);
            this.check = check;
        }

        @Override
        public boolean isLiveness() {
            return false;
        }

        @Override
        protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
            check.accept(builder);
        }
    }
}
