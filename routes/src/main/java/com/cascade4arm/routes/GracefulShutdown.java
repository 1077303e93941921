package com.cascade4arm.routes;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import org.apache.camel.spi.PropertiesComponent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Graceful shutdown (SIGTERM from systemd or Kubernetes, or Camel Main stopped): when the Camel context begins to stop,
 * before its routes and HTTP server close, the gateway drains — readiness fails, new requests get 503, requests in
 * flight finish — for at most {@code cascade.shutdown.drain-timeout-ms}; then Camel stops (within
 * {@code camel.main.shutdown-timeout}) and the process exits.
 */
public final class GracefulShutdown {
    private static final Logger LOG = LoggerFactory.getLogger(GracefulShutdown.class);
    public static final String DRAIN_TIMEOUT_KEY = "cascade.shutdown.drain-timeout-ms";
    private final long drainTimeoutMs;

    public GracefulShutdown(long drainTimeoutMs) {
        this.drainTimeoutMs = drainTimeoutMs;
    }

    public static GracefulShutdown from(PropertiesComponent properties) {
        return from(ConfigBinding.bind(properties).cascade());
    }

    /** The bound drain timeout ({@link CascadeConfig#drainTimeoutMs()}). */
    static GracefulShutdown from(CascadeConfig config) {
        return new GracefulShutdown(config.drainTimeoutMs());
    }

    public long drainTimeoutMs() {
        return drainTimeoutMs;
    }

    /** Drains {@code gateway}; returns when nothing is in flight or the timeout passed (logging which). */
    public void drain(Gateway gateway) {
        long start = System.nanoTime();
        LOG.info("Shutting down: readiness is now 503 and new requests are refused; waiting up to {} ms for {} request(s)"
                + " in flight", drainTimeoutMs, gateway.edge().requestsInFlight());
        try {
            int left = gateway.drain(drainTimeoutMs);
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            if (left == 0) {
                LOG.info("Drained in {} ms: no request in flight", tookMs);
            } else {
                LOG.warn("Drain timeout ({} ms) reached with {} request(s) still in flight: they are cut", drainTimeoutMs, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("Drain interrupted: the requests still in flight are cut");
        }
    }
}
