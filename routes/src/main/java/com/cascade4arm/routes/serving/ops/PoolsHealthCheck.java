package com.cascade4arm.routes.serving.ops;

import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.health.HealthCheckResultBuilder;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Readiness of the tiers' pools as a Camel health check: up while every pool has an endpoint that is healthy and whose
 * breaker lets requests through. Its details carry what {@code /health} lists: each endpoint's state
 * ({@link #ENDPOINTS}) and the pools with none available ({@link #DOWN_POOLS}).
 */
public final class PoolsHealthCheck extends ReadinessCheck {
    public static final String ID = "pools";
    /** Detail: a JSON array, one object per endpoint (pool, name, url if exposed, healthy, detail, breaker). */
    static final String ENDPOINTS = "endpoints";
    /** Detail: the names of the pools without an available endpoint. */
    static final String DOWN_POOLS = "down_pools";

    private final Collection<UpstreamPool> pools;
    private final boolean exposeEndpoints;

    /** {@code exposeEndpoints}: name the endpoints' URLs (internal addresses only when configured). */
    public PoolsHealthCheck(Collection<UpstreamPool> pools, boolean exposeEndpoints) {
        super(ID);
        this.pools = pools;
        this.exposeEndpoints = exposeEndpoints;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        ArrayNode endpoints = Json.MAPPER.createArrayNode();
        List<String> down = new ArrayList<>();
        for (UpstreamPool pool : pools) {
            for (UpstreamEndpoint endpoint : pool.endpoints()) {
                ObjectNode entry = endpoints.addObject().put("pool", pool.name()).put("name", endpoint.name());
                if (exposeEndpoints) {
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
        builder.detail(ENDPOINTS, endpoints).detail(DOWN_POOLS, down);
        if (down.isEmpty()) {
            builder.up();
        } else {
            builder.message("no available endpoint in pool(s) " + String.join(", ", down)).down();
        }
    }
}
