package com.cascade4arm.routes.upstream;

import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;

/** Polls every endpoint's /health on a Vert.x timer so routing skips endpoints that are down or still loading. */
public final class HealthMonitor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HealthMonitor.class);

    private final Vertx vertx;
    private final UpstreamClient client;
    private final Collection<UpstreamPool> pools;
    private final long timeoutMs;
    private long timerId = -1;

    public HealthMonitor(Vertx vertx, UpstreamClient client, Collection<UpstreamPool> pools, long timeoutMs) {
        this.vertx = vertx;
        this.client = client;
        this.pools = pools;
        this.timeoutMs = timeoutMs;
    }

    public void start(long intervalMs) {
        checkAll();
        timerId = vertx.setPeriodic(intervalMs, id -> checkAll());
    }

    public void checkAll() {
        pools.forEach(pool -> pool.endpoints().forEach(this::check));
    }

    private void check(UpstreamEndpoint endpoint) {
        client.health(endpoint, timeoutMs).thenAccept(status -> {
            boolean healthy = status == 200;
            String detail = switch (status) {
                case 200 -> "ok";
                case 0 -> "unreachable";
                case 503 -> "loading or unavailable (HTTP 503)";
                default -> "unhealthy (HTTP " + status + ")";
            };
            if (healthy != endpoint.healthy()) {
                LOG.info("endpoint {} is now {}", endpoint, detail);
            }
            endpoint.markHealth(healthy, detail);
        });
    }

    @Override
    public void close() {
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
    }
}
