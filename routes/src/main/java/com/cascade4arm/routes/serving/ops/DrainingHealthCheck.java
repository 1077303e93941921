package com.cascade4arm.routes.serving.ops;

import org.apache.camel.health.HealthCheckResultBuilder;

import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Graceful shutdown as a Camel health check: down from the moment the replica starts draining (SIGTERM), so readiness
 * fails at once and the load balancer stops sending it requests while those in flight finish.
 */
public final class DrainingHealthCheck extends ReadinessCheck {
    public static final String ID = "draining";

    private final BooleanSupplier draining;

    public DrainingHealthCheck(BooleanSupplier draining) {
        super(ID);
        this.draining = draining;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        if (draining.getAsBoolean()) {
            builder.message("this replica is shutting down").down();
        } else {
            builder.up();
        }
    }
}
