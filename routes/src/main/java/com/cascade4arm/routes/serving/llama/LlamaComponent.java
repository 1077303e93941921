package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;

import java.util.Map;

/**
 * {@code llama:<tier>}: the upstream pool of one model tier as a Camel endpoint, so a route says where a prompt goes
 * ({@code to("llama:large")}). Its producer is asynchronous and keeps the hard part inside: least-busy endpoint
 * choice, a breaker per endpoint, token-by-token relay to the client with backpressure, cancellation when the client
 * leaves — all on the request's event loop, no thread waiting for tokens.
 */
public final class LlamaComponent extends DefaultComponent {
    public static final String SCHEME = "llama";

    private final Map<String, UpstreamPool> pools;
    private final PoolDispatcher dispatcher;

    public LlamaComponent(Map<String, UpstreamPool> pools, PoolDispatcher dispatcher) {
        this.pools = Map.copyOf(pools);
        this.dispatcher = dispatcher;
    }

    /** {@code llama:<tier>}. */
    public static String uri(String tier) {
        return SCHEME + ":" + tier;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) {
        UpstreamPool pool = pools.get(remaining);
        if (pool == null) {
            throw new IllegalArgumentException("no tier '" + remaining + "' (cascade.tiers lists " + pools.keySet() + ")");
        }
        return new LlamaEndpoint(uri, this, pool, dispatcher);
    }
}
