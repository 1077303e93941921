package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.RequestIds;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

import java.util.Map;
import java.util.SortedSet;

/**
 * The gateway's edge, built from {@link EdgeSettings}: the HTTP server it makes ({@link #newServer}: options,
 * connection watchdog, strict decoder, invalid-request answers, methods screened before the router), the router's first
 * handler (connection tracking, header cap, client identity) and the handlers the ingress runs before and after
 * reading a body.
 */
public final class Edge implements AutoCloseable {
    /** Before every other route on the router, Camel's included. */
    public static final int FIRST_HANDLER_ORDER = -1_000_000;
    /** How often a draining gateway looks whether its last request finished, ms. */
    static final long DRAIN_POLL_MS = 50;

    private final EdgeSettings settings;
    private final EdgeMetrics metrics;
    private final EdgeGuard guard;
    private final ConnectionWatchdog watchdog;
    private final InvalidRequests invalidRequests;
    private final KnownRoutes knownRoutes = new KnownRoutes();
    /** The server's options, for the strict request decoder each connection gets. */
    private volatile HttpServerOptions decoderOptions = new HttpServerOptions();

    public Edge(EdgeSettings settings, MeterRegistry meters) {
        this(settings, meters, NanoClock.SYSTEM);
    }

    public Edge(EdgeSettings settings, MeterRegistry meters, NanoClock clock) {
        this.settings = settings;
        this.metrics = new EdgeMetrics(meters);
        this.guard = new EdgeGuard(settings, clock, metrics);
        this.watchdog = new ConnectionWatchdog(settings, clock, metrics);
        this.invalidRequests = new InvalidRequests(settings, metrics);
    }

    /**
     * The gateway's HTTP server, not yet listening: the edge's options (header and request-line limits, no cleartext
     * HTTP/2), each connection watched and decoded strictly, undecodable requests answered in OpenAI shape, and methods
     * without meaning here refused before {@code router} sees them. Starts the connection watchdog.
     */
    public HttpServer newServer(Vertx vertx, Router router) {
        watchdog.start(vertx);
        return vertx.createHttpServer(serverOptions(new HttpServerOptions()))
                .connectionHandler(connection -> {
                    StrictDecoders.install(connection, decoderOptions);
                    watchdog.onConnection(connection);
                })
                .invalidRequestHandler(invalidRequests::handle)
                .requestHandler(request -> {
                    if (servedMethod(request)) {
                        router.handle(request);
                    }
                });
    }

    /**
     * Before the router: CONNECT, TRACE and other methods without meaning here get 405 (OpenAI shape, nothing logged);
     * the router cannot answer them (CONNECT's authority-form target has no path: it would say 404 in plain text).
     */
    private boolean servedMethod(HttpServerRequest request) {
        String method = request.method().name();
        if (KnownRoutes.SERVED_METHODS.contains(method)) {
            return true;
        }
        metrics.rejected("method_not_allowed");
        ApiError error = new ApiError(405, ApiError.INVALID_REQUEST, "method_not_allowed", "the method "
                + abbreviate(method) + " is not supported; use " + String.join(", ", KnownRoutes.SERVED_METHODS));
        SecurityHeaders.apply(request.response());
        new HttpContext(request, System.nanoTime()).sendJson(405, error.toJson(),
                Map.of("Allow", String.join(", ", KnownRoutes.SERVED_METHODS)));
        return false;
    }

    HttpServerOptions serverOptions(HttpServerOptions options) {
        decoderOptions = options;
        return options.setMaxHeaderSize(settings.config().maxHeaderBytes())
                .setMaxInitialLineLength(settings.config().maxRequestLineBytes())
                // An LLM gateway needs no h2c; without it there is one framing to watch (and no HTTP/2 resets).
                .setHttp2ClearTextEnabled(false);
    }

    /** Mounts the first handler of every request on {@code router}: connection tracking, header cap, client identity. */
    public void install(Router router) {
        router.route().order(FIRST_HANDLER_ORDER).handler(ctx -> {
            RequestIds.assign(ctx);
            SecurityHeaders.apply(ctx.response());
            watchdog.onRequest(ctx);
            guard.screen(ctx);
        });
    }

    private static String abbreviate(String value) {
        return value.length() <= 20 ? value : value.substring(0, 17) + "...";
    }

    /** Before an API request's body is read: cross-site, media type, rate limit, per-client concurrency. */
    public void admit(RoutingContext ctx) {
        guard.admit(ctx);
    }

    /** After the body was read: the gateway's total concurrency, and the stream cap for requests answered as SSE. */
    public void admitAfterBody(RoutingContext ctx) {
        guard.admitAfterBody(ctx);
    }

    /** The API's method + path table (the ingress registers each mapping). */
    public KnownRoutes knownRoutes() {
        return knownRoutes;
    }

    /** Answers 405 with Allow when the path is known under other methods; false (nothing sent) otherwise. */
    public boolean answerMethodNotAllowed(RoutingContext ctx) {
        SortedSet<String> allowed = knownRoutes.allowedMethods(ctx.normalizedPath());
        if (allowed.isEmpty() || allowed.contains(ctx.request().method().name())) {
            return false;
        }
        String allow = String.join(", ", allowed);
        ApiError error = new ApiError(405, "invalid_request_error", "method_not_allowed",
                ctx.request().method().name() + " is not allowed on " + ctx.normalizedPath() + "; use " + allow);
        metrics.rejected("method_not_allowed");
        new HttpContext(ctx.request(), System.nanoTime()).sendJson(405, error.toJson(), Map.of("Allow", allow));
        return true;
    }

    /** The client key of a request, as the limits see it. */
    public String client(RoutingContext ctx) {
        return guard.client(ctx);
    }

    public EdgeSettings settings() {
        return settings;
    }

    /** Authorization header value that marks the gateway's own loopback calls (benchmark, compare). */
    public String internalAuthorization() {
        return "Bearer " + settings.internalKey();
    }

    /** API requests admitted and not yet finished (0 when idle: no leaked slots). */
    public int requestsInFlight() {
        return guard.concurrency().inFlight();
    }

    /** Graceful shutdown: new API requests get 503 shutting_down with Retry-After; those in flight go on. */
    public void startDraining() {
        guard.startDraining();
    }

    public boolean draining() {
        return guard.draining();
    }

    /**
     * Waits until no API request is in flight (streams included) or {@code timeoutMs} passed; true when idle. Polls
     * every {@link #DRAIN_POLL_MS}: shutdown is not latency-sensitive and the count has no waiters to signal.
     */
    public boolean awaitIdle(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (requestsInFlight() > 0) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(DRAIN_POLL_MS);
        }
        return true;
    }

    public int streamsInFlight() {
        return guard.streamsInFlight();
    }

    public int openConnections() {
        return watchdog.openConnections();
    }

    @Override
    public void close() {
        watchdog.close();
    }
}
