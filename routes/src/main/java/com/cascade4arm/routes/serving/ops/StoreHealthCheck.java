package com.cascade4arm.routes.serving.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.health.HealthCheckResultBuilder;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The shared store (cascade.store=postgres) as a Camel health check: down while the database does not answer or the
 * rules come from the local cache. {@code /health} reports that as "degraded" and still answers 200 — the gateway
 * routes on its active or cached rules; only edits wait. With local files there is no store: always up, no detail.
 */
public final class StoreHealthCheck extends ReadinessCheck {
    public static final String ID = "store";
    /** Detail: the store's state as a JSON object (status, rules_source, ...), when there is a shared store. */
    static final String STATE = "store";

    private final Supplier<Optional<ObjectNode>> store;

    public StoreHealthCheck(Supplier<Optional<ObjectNode>> store) {
        super(ID);
        this.store = store;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        Optional<ObjectNode> state = store.get();
        state.ifPresent(s -> builder.detail(STATE, s));
        boolean degraded = state.map(s -> !"ok".equals(s.path("status").asText()) || s.has("rules_source")).orElse(false);
        if (degraded) {
            builder.message("shared store degraded").down();
        } else {
            builder.up();
        }
    }
}
