package com.cascade4arm.routes.serving.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Polls every endpoint's /health on a Vert.x timer so routing skips endpoints that are down or still loading. Until an
 * endpoint has answered ok once, it is polled every second as well: a model still loading, or a first probe lost to a
 * busy start, then delays readiness by about a second, not by a whole interval.
 */
public final class HealthMonitor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HealthMonitor.class);
    static final long FIRST_OK_POLL_MS = 1_000;
    /** Beyond the probe's own timeouts, before a probe that never completed counts as unreachable. */
    static final long PROBE_GRACE_MS = 1_000;

    private final Vertx vertx;
    private final UpstreamClient client;
    private final Collection<UpstreamPool> pools;
    private final long timeoutMs;
    private long timerId = -1;
    private final Set<UpstreamEndpoint> neverOk = ConcurrentHashMap.newKeySet();
    /** Healthy, but /props did not answer yet (a host hashing a large GGUF under load): asked again every check. */
    private final Set<UpstreamEndpoint> propsUnread = ConcurrentHashMap.newKeySet();
    private final Set<UpstreamEndpoint> recheckPending = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    public HealthMonitor(Vertx vertx, UpstreamClient client, Collection<UpstreamPool> pools, long timeoutMs) {
        this.vertx = vertx;
        this.client = client;
        this.pools = pools;
        this.timeoutMs = timeoutMs;
    }

    public void start(long intervalMs) {
        pools.forEach(pool -> neverOk.addAll(pool.endpoints()));
        vertx.runOnContext(v -> checkAll()); // on an event loop, like every later probe (its own client and pool)
        timerId = vertx.setPeriodic(intervalMs, id -> checkAll());
    }

    public void checkAll() {
        if (closed) {
            return; // a tick already queued when the gateway closed: its client is closed too
        }
        pools.forEach(pool -> pool.endpoints().forEach(this::check));
    }

    private void check(UpstreamEndpoint endpoint) {
        // A probe whose answer never comes back counts as unreachable, so the endpoint is polled again instead of
        // staying "not checked yet" until the next interval (test gateways saw that in about one boot in 40).
        client.health(endpoint, timeoutMs).completeOnTimeout(0, 2 * timeoutMs + PROBE_GRACE_MS, TimeUnit.MILLISECONDS)
                .thenAccept(status -> {
            boolean healthy = status == 200;
            String detail = switch (status) {
                case 200 -> "ok";
                case 0 -> "unreachable";
                case 503 -> "loading or unavailable (HTTP 503)";
                default -> "unhealthy (HTTP " + status + ")";
            };
            if (healthy && (neverOk.contains(endpoint) || propsUnread.contains(endpoint))) {
                // First ok: learn what the server can do before it takes requests (the gateway refuses what it cannot).
                client.props(endpoint, timeoutMs).completeOnTimeout(null, 2 * timeoutMs + PROBE_GRACE_MS,
                        TimeUnit.MILLISECONDS).thenAccept(props -> {
                    if (props == null) { // no answer: capable until it says otherwise, and asked again next check
                        propsUnread.add(endpoint);
                        mark(endpoint, true, detail);
                        return;
                    }
                    propsUnread.remove(endpoint);
                    JsonNode capabilities = props.path("capabilities");
                    endpoint.learnCapabilities(capabilities.path("logprobs").asBoolean(true),
                            capabilities.path("tools").asBoolean(true));
                    endpoint.learnSlots(props.path("total_slots").asInt(0)); // prefix affinity's capacity
                    mark(endpoint, true, detail);
                });
                return;
            }
            mark(endpoint, healthy, detail);
        });
    }

    private void mark(UpstreamEndpoint endpoint, boolean healthy, String detail) {
        if (healthy != endpoint.healthy()) {
            LOG.info("endpoint {} is now {}", endpoint, detail);
        }
        endpoint.markHealth(healthy, detail);
        if (healthy) {
            neverOk.remove(endpoint);
        } else if (neverOk.contains(endpoint) && !closed && recheckPending.add(endpoint)) {
            vertx.setTimer(FIRST_OK_POLL_MS, id -> {
                recheckPending.remove(endpoint);
                if (!closed) {
                    check(endpoint);
                }
            });
        }
    }

    @Override
    public void close() {
        closed = true;
        if (timerId >= 0) {
            vertx.cancelTimer(timerId);
        }
    }
}
