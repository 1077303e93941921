package com.cascade4arm.routes.serving.ops;

import org.apache.camel.impl.health.AbstractHealthCheck;

/**
 * A readiness-only health check of the gateway's group: when it is down the replica should get no traffic, but it is
 * not dead — restarting it would bring back neither an upstream pool nor the database, and would cut a drain short.
 */
abstract class ReadinessCheck extends AbstractHealthCheck {
    ReadinessCheck(String id) {
        super(GatewayHealth.GROUP, id);
    }

    @Override
    public final boolean isLiveness() {
        return false;
    }
}
