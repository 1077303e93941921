package com.cascade4arm.baseline;

import com.cascade4arm.host.proxy.HealthProbe;
import io.vertx.core.Vertx;

import java.net.URI;
import java.time.Duration;

/** Asks the proxied server's {@code /health} whether it can serve, for isReady/awaitReady, on the proxy's Vert.x. */
final class UpstreamHealth {

    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    static final long POLL_INTERVAL_MS = 200;

    private final HealthProbe probe;
    private final URI healthUrl;
    private final String apiKey;

    UpstreamHealth(Vertx vertx, URI upstream, String apiKey) {
        String base = upstream.toString().endsWith("/") ? upstream.toString() : upstream + "/";
        this.probe = new HealthProbe(vertx, PROBE_TIMEOUT);
        this.healthUrl = URI.create(base).resolve("health");
        this.apiKey = apiKey;
    }

    boolean isHealthy() {
        return probe.healthy(healthUrl, apiKey);
    }

    void awaitHealthy(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!isHealthy()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("baseline upstream " + healthUrl + " not healthy within " + timeout);
            }
            try {
                Thread.sleep(POLL_INTERVAL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + healthUrl, e);
            }
        }
    }
}
