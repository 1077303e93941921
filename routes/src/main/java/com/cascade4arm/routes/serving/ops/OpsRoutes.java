package com.cascade4arm.routes.serving.ops;

import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyUse;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;

import java.util.Collection;
import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.EXPLAIN_ROUTE;
import static com.cascade4arm.routes.RouteIds.HEALTH;
import static com.cascade4arm.routes.RouteIds.LIST_MODELS;

/**
 * Operator endpoints: readiness with per-endpoint detail ({@code GET /health}, from the Camel health checks
 * {@link GatewayHealth} registers), the model list ({@code GET /v1/models}) and routing explained without generating
 * ({@code POST /api/route}). None of them blocks, so they run on the event loop.
 */
public final class OpsRoutes extends ApiRoutes {
    private final OpsApi api;
    private final GatewayHealth health;
    private final KeyAccess keys;

    /** {@code chat}: the chat endpoint's validation; {@code keys}: route explain needs a key as chat does. */
    public OpsRoutes(Collection<UpstreamPool> requiredPools, RoutingService routing, ChatRequestParser chat,
                     GatewayHealth health, KeyAccess keys, ExecutorService workers) {
        this(requiredPools, routing, chat, health, keys, workers, null);
    }

    /** {@code embeddingsModel}: the model id /v1/models lists for POST /v1/embeddings (null: none). */
    public OpsRoutes(Collection<UpstreamPool> requiredPools, RoutingService routing, ChatRequestParser chat,
                     GatewayHealth health, KeyAccess keys, ExecutorService workers, String embeddingsModel) {
        super(workers);
        this.keys = keys;
        this.api = new OpsApi(requiredPools, routing, chat, embeddingsModel);
        this.health = health;
    }

    @Override
    public void configure() {
        onEventLoop("GET", "/health", HEALTH).process(health::render);
        onEventLoop("GET", "/v1/models", LIST_MODELS).process(api::models);
        onEventLoop("POST", "/api/route", EXPLAIN_ROUTE)
                .process(keys.admit(KeyUse.EXPLAIN, "explain"))
                .unmarshal(Json.tree())
                .process(api::facts)
                .process(api.semanticFact())
                .process(api::explain)
                .process(exchange -> keys.decided(exchange, exchange.getProperty(OpsApi.DECISION, RouteDecision.class)));
    }
}
