package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.RoutingContext;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Closes connections that hold the server without using it. Vert.x's idle timeout would cut SSE streams waiting for
 * slow tokens and never fires for a slowloris trickling bytes, so the edge watches every connection itself — it sees
 * each one open (the server's connectionHandler) and each request head arrive (the router's first handler), and a
 * periodic sweep applies three deadlines:
 * <ul>
 *   <li>header timeout: a connection with no request in progress must deliver a complete request head within this
 *       time of opening or of its last response (slowloris, half a request line; idle keep-alive);</li>
 *   <li>body timeout: a request's body must arrive within this time of its head (slow upload) — 408, then close;</li>
 *   <li>write stall: a response whose socket stays unwritable this long (the client stopped reading) is cut, which
 *       frees its worker and cancels its upstream generation.</li>
 * </ul>
 * Also caps the open connections (file descriptors). Requests already answering (an SSE stream waiting for tokens)
 * are never cut for silence: upstream timeouts govern those. Each connection's state lives on its event loop.
 */
public final class ConnectionWatchdog implements AutoCloseable {
    private static final long NANOS_PER_MS = 1_000_000;
    private static final long MIN_SWEEP_MS = 50;
    private static final long MAX_SWEEP_MS = 1_000;

    private final EdgeSettings settings;
    private final NanoClock clock;
    private final EdgeMetrics metrics;
    private final Map<HttpConnection, Tracked> connections = new ConcurrentHashMap<>();
    /** Open connections per client key; an entry goes with the client's last connection. */
    private final Map<String, Integer> perClient = new ConcurrentHashMap<>();
    private final ClientIdentity identity;
    private Vertx vertx;
    private long timerId = -1;

    ConnectionWatchdog(EdgeSettings settings, NanoClock clock, EdgeMetrics metrics) {
        this.settings = settings;
        this.clock = clock;
        this.metrics = metrics;
        this.identity = new ClientIdentity(settings.trustedProxies());
        metrics.gauge("cascade.edge.connections", "Open client connections", connections::size);
    }

    /**
     * The server's connection handler: tracks the new connection, or closes it at once above the total cap or above
     * the per-client cap (one address may not hold every connection; a trusted proxy speaks for many and is exempt).
     */
    void onConnection(HttpConnection connection) {
        if (connections.size() >= settings.config().maxConnections()) {
            metrics.rejected("connection_limit");
            connection.close();
            return;
        }
        String client = clientOf(connection);
        if (client != null && perClient.merge(client, 1, Integer::sum) > settings.config().maxConnectionsPerClient()) {
            perClient.computeIfPresent(client, (key, count) -> count > 1 ? count - 1 : null);
            metrics.rejected("client_connection_limit");
            connection.close();
            return;
        }
        connections.put(connection, new Tracked(Vertx.currentContext(), clock.nanoTime()));
        connection.closeHandler(v -> {
            connections.remove(connection);
            if (client != null) {
                perClient.computeIfPresent(client, (key, count) -> count > 1 ? count - 1 : null);
            }
        });
    }

    /** The peer's client key (IPv4 address, IPv6 /64), or null for a trusted proxy or an unknown peer. */
    private String clientOf(HttpConnection connection) {
        if (connection.remoteAddress() == null) {
            return null;
        }
        java.net.InetAddress peer = IpAddresses.parseLiteral(connection.remoteAddress().hostAddress());
        return peer == null || identity.trusted(peer) ? null : IpAddresses.clientKey(peer);
    }

    /** The router's first handler: a request head arrived; tracked until its response ended or the client left. */
    void onRequest(RoutingContext ctx) {
        Tracked tracked = connections.get(ctx.request().connection());
        if (tracked != null) {
            tracked.started(ctx.request(), clock.nanoTime());
            ctx.addEndHandler(result -> tracked.ended(clock.nanoTime()));
        }
    }

    /** Starts the periodic sweep on {@code vertx}: a quarter of the shortest deadline, within 50 ms - 1 s. */
    synchronized void start(Vertx vertx) {
        if (timerId >= 0) {
            return;
        }
        this.vertx = vertx;
        long shortest = Math.min(settings.config().headerTimeoutMs(), Math.min(settings.config().bodyTimeoutMs(), settings.config().writeStallTimeoutMs()));
        timerId = vertx.setPeriodic(Math.max(MIN_SWEEP_MS, Math.min(MAX_SWEEP_MS, shortest / 4)), id -> sweep());
    }

    int openConnections() {
        return connections.size();
    }

    /**
     * Checks every connection on its own event loop: its state is touched only there, so no lock is held while
     * calling into Vert.x (which locks the connection — holding a lock of ours across that call deadlocked).
     */
    void sweep() {
        long now = clock.nanoTime();
        connections.forEach((connection, tracked) -> {
            if (tracked.context == null) {
                check(connection, tracked, now);
            } else {
                tracked.context.runOnContext(v -> check(connection, tracked, now));
            }
        });
    }

    private void check(HttpConnection connection, Tracked tracked, long now) {
        String reason = tracked.overdue(now);
        if (reason != null && connections.remove(connection) != null) {
            metrics.rejected(reason);
            cut(connection, tracked.request(), reason);
        }
    }

    private void cut(HttpConnection connection, HttpServerRequest request, String reason) {
        if ("body_timeout".equals(reason) && request != null && !request.response().headWritten()) {
            ApiError timeout = new ApiError(408, "invalid_request_error", "request_timeout",
                    "the request body did not arrive within " + settings.config().bodyTimeoutMs() + " ms");
            HttpServerResponse response = request.response();
            response.setStatusCode(408).putHeader("Content-Type", "application/json").putHeader("Connection", "close")
                    .end(Buffer.buffer(Json.bytes(timeout.toJson()))).onComplete(done -> connection.close());
            return;
        }
        if ("write_stall".equals(reason) && connection instanceof ConnectionBase base) {
            // Vert.x turns any close — its own and a close() through the pipeline — into "flush what is queued, then
            // close", which a client that stopped reading never lets finish. Closing from the head of the Netty
            // pipeline skips that: the queue is dropped and the socket closed now. (ConnectionBase is Vert.x-internal
            // but public; channel() is the documented way to its Netty channel.)
            base.channel().pipeline().firstContext().close();
            return;
        }
        connection.close();
    }

    @Override
    public synchronized void close() {
        if (timerId >= 0 && vertx != null) {
            vertx.cancelTimer(timerId);
            timerId = -1;
        }
    }

    /** One connection's state, confined to the connection's event loop (its events and its checks run there). */
    private final class Tracked {
        private final Context context;
        private int active;
        private long idleSince;
        private HttpServerRequest request;
        private long requestStart;
        private boolean stalled;
        private long unwritableSince;

        Tracked(Context context, long openedAt) {
            this.context = context;
            this.idleSince = openedAt;
        }

        void started(HttpServerRequest request, long now) {
            active++;
            this.request = request;
            this.requestStart = now;
            this.stalled = false;
        }

        void ended(long now) {
            active = Math.max(0, active - 1);
            if (active == 0) {
                idleSince = now;
                request = null;
            }
        }

        HttpServerRequest request() {
            return request;
        }

        /** Which deadline this connection has passed, or null. */
        String overdue(long now) {
            if (active == 0) {
                return now - idleSince > settings.config().headerTimeoutMs() * NANOS_PER_MS ? "header_timeout" : null;
            }
            if (request == null) {
                return null;
            }
            if (!request.isEnded() && now - requestStart > settings.config().bodyTimeoutMs() * NANOS_PER_MS) {
                return "body_timeout";
            }
            if (!request.response().writeQueueFull()) {
                stalled = false;
            } else if (!stalled) {
                stalled = true;
                unwritableSince = now;
            } else if (now - unwritableSince > settings.config().writeStallTimeoutMs() * NANOS_PER_MS) {
                return "write_stall";
            }
            return null;
        }
    }
}
