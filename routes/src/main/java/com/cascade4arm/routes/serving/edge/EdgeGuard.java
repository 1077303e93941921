package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.HttpContext;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The per-request limits as Vert.x route handlers: who the client is, a header-count cap and a request target without
 * control characters for every request; the client's token bucket (reads, i.e. GET, have a bucket of their own; off
 * unless {@link EdgeSettings#rateLimited()}) and the concurrency caps before an API request's body is read; the stream cap once the body says it wants SSE.
 * Refusals are OpenAI-shaped errors with Retry-After (whole seconds).
 */
public final class EdgeGuard {
    static final String CLIENT = "cascade.edge.client";
    static final String INTERNAL = "cascade.edge.internal";
    /** Set on a request {@link #admit} let through: it takes a total slot once its body is complete. */
    static final String ADMITTED = "cascade.edge.admitted";
    /** The key the gateway's own loopback calls hold their slots under. */
    static final String INTERNAL_CLIENT = "(gateway-internal)";
    /** Readiness probes and scrapers must answer even under a flood, so /health and /metrics take no token and no slot. */
    static final Set<String> UNLIMITED_API_PATHS = Set.of("/health", "/metrics");
    static final int RETRY_AFTER_BUSY_SECONDS = 1;
    /** Retry-After of a request refused while this replica drains: the load balancer has another one ready. */
    static final int RETRY_AFTER_DRAINING_SECONDS = 1;

    private final EdgeSettings settings;
    private final ClientIdentity identity;
    private final RateLimiter rate;
    private final RateLimiter reads;
    private final ConcurrencyLimiter concurrency;
    private final AtomicInteger streams = new AtomicInteger();
    private final EdgeMetrics metrics;
    private final byte[] internalAuthorization;
    private final CrossSiteRequests crossSite;
    private final AllowedHosts hosts;
    /** Set once graceful shutdown begins: new API requests are refused, those in flight finish. */
    private volatile boolean draining;

    EdgeGuard(EdgeSettings settings, NanoClock clock, EdgeMetrics metrics) {
        this.settings = settings;
        this.identity = new ClientIdentity(settings.trustedProxies());
        this.rate = new RateLimiter(settings.config().rateLimit().requestsPerSecond(), settings.config().rateLimit().burst(), settings.config().rateLimit().maxClients(), clock);
        this.reads = new RateLimiter(settings.config().rateLimit().readsPerSecond(), settings.config().rateLimit().readsBurst(), settings.config().rateLimit().maxClients(), clock);
        this.concurrency = new ConcurrencyLimiter(settings.config().maxConcurrentPerClient(), settings.config().maxConcurrentRequests());
        this.metrics = metrics;
        this.internalAuthorization = ("Bearer " + settings.internalKey()).getBytes(StandardCharsets.UTF_8);
        this.crossSite = new CrossSiteRequests(settings.allowedOrigins());
        this.hosts = new AllowedHosts(settings.allowedHosts());
        metrics.gauge("cascade.edge.requests.in_flight", "API requests in progress (admitted by the edge)", concurrency::inFlight);
        metrics.gauge("cascade.edge.requests.serving", "API requests with a complete body holding a slot of "
                + "max-concurrent-requests", concurrency::serving);
        metrics.gauge("cascade.edge.streams.in_flight", "SSE answers in progress", streams::get);
        metrics.gauge("cascade.edge.rate_limit.clients", "Clients with a token bucket in memory",
                () -> rate.trackedClients() + reads.trackedClients());
    }

    /**
     * First handler of every request (API, metrics, static files): header-count cap, a request target without control
     * characters, a Host the gateway answers to (DNS rebinding), then who the client is.
     */
    public void screen(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        int headers = 0;
        for (var ignored : request.headers()) {
            headers++; // every line: MultiMap.size() counts distinct names, a flood may repeat one
        }
        if (headers > settings.config().maxHeaders()) {
            refuse(ctx, "too_many_headers", new ApiError(431, "invalid_request_error", "too_many_headers",
                    "the request has " + headers + " headers; the limit is " + settings.config().maxHeaders()));
            return;
        }
        if (hasControlCharacters(request.uri())) {
            refuse(ctx, "malformed_request", new ApiError(400, "invalid_request_error", "malformed_request",
                    "the request target contains control characters"));
            return;
        }
        var misdirected = hosts.refusal(request.getHeader("Host"));
        if (misdirected.isPresent()) {
            // Every path, the console's pages too: a rebound page must not read the rules, runs or anything else.
            refuse(ctx, "misdirected_host", misdirected.get());
            return;
        }
        String peer = request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
        ctx.put(CLIENT, identity.resolve(peer, request.headers().getAll("X-Forwarded-For")));
        ctx.put(INTERNAL, isInternal(request.getHeader("Authorization")));
        ctx.next();
    }

    /**
     * Before an API request's body is read: cross-site and media type, the client's token bucket, then its concurrency
     * cap. The gateway's total cap waits for the body ({@link #admitAfterBody}): a slow upload holds no shared slot.
     */
    public void admit(RoutingContext ctx) {
        if (UNLIMITED_API_PATHS.contains(ctx.normalizedPath())) {
            ctx.next();
            return;
        }
        HttpMethod method = ctx.request().method();
        if (method != HttpMethod.GET && method != HttpMethod.HEAD) {
            // State-changing and expensive requests: not on behalf of another site, and only as JSON.
            var refusal = crossSite.refusal(ctx.request());
            if (refusal.isEmpty() && (method == HttpMethod.POST || method == HttpMethod.PUT)) {
                refusal = JsonContentType.refusal(ctx.request().getHeader("Content-Type"));
            }
            if (refusal.isPresent()) {
                refuse(ctx, refusal.get().status() == 403 ? "cross_site" : "media_type", refusal.get());
                return;
            }
        }
        String client = client(ctx);
        boolean internal = Boolean.TRUE.equals(ctx.get(INTERNAL));
        if (draining && !internal) {
            // The gateway's own loopback calls still pass: they belong to a compare already in flight.
            refuse(ctx, "shutting_down", new ApiError(503, ApiError.UNAVAILABLE, "shutting_down",
                    "this gateway replica is shutting down and takes no new requests; retry (another replica answers)",
                    RETRY_AFTER_DRAINING_SECONDS));
            return;
        }
        if (!internal && settings.rateLimited()) {
            // Reads (GET) draw from a bucket of their own: the console polls them, and they cost next to nothing.
            boolean read = ctx.request().method() == HttpMethod.GET;
            long waitNanos = (read ? reads : rate).tryAcquire(client);
            if (waitNanos > 0) {
                int seconds = RateLimiter.retryAfterSeconds(waitNanos);
                refuse(ctx, "rate_limited", new ApiError(429, "rate_limit_error", "rate_limit_exceeded",
                        "rate limit exceeded for client " + client + ": at most " + rateText(read) + " per second with bursts of "
                                + (read ? settings.config().rateLimit().readsBurst() : settings.config().rateLimit().burst()) + "; retry in " + seconds + " s", seconds));
                return;
            }
        }
        // The gateway's own loopback calls count in the total, under a key of their own: never against the client
        // whose address they share (127.0.0.1), nor capped per client.
        String slotKey = internal ? INTERNAL_CLIENT : client;
        if (concurrency.tryAcquire(slotKey, !internal) == ConcurrencyLimiter.Outcome.CLIENT_FULL) {
            refuse(ctx, "client_concurrency", new ApiError(429, "rate_limit_error",
                    "too_many_concurrent_requests", "client " + client + " already has " + settings.config().maxConcurrentPerClient()
                    + " requests in progress (the per-client limit); retry when one has finished", RETRY_AFTER_BUSY_SECONDS));
            return;
        }
        ctx.addEndHandler(once(() -> concurrency.release(slotKey)));
        ctx.put(ADMITTED, Boolean.TRUE);
        ctx.next();
    }

    /**
     * After the body was read: one of the gateway's {@code max-concurrent-requests} slots, then — for a request that will
     * be answered as SSE — one of the stream slots.
     */
    public void admitAfterBody(RoutingContext ctx) {
        if (Boolean.TRUE.equals(ctx.get(ADMITTED))) {
            if (concurrency.tryServe() == ConcurrencyLimiter.Outcome.TOTAL_FULL) {
                refuse(ctx, "overloaded", new ApiError(503, "unavailable_error", "overloaded",
                        "the gateway is serving its limit of " + settings.config().maxConcurrentRequests()
                                + " requests at once; retry shortly", RETRY_AFTER_BUSY_SECONDS));
                return;
            }
            ctx.addEndHandler(once(concurrency::endServing));
        }
        admitStream(ctx);
    }

    /** Graceful shutdown began: from now on new API requests get 503 shutting_down. */
    void startDraining() {
        draining = true;
    }

    boolean draining() {
        return draining;
    }

    /** A request that will be answered as SSE takes one of the stream slots. */
    private void admitStream(RoutingContext ctx) {
        Buffer body = ctx.body() == null ? null : ctx.body().buffer();
        if (!StreamRequests.isStream(ctx.normalizedPath(), body == null ? null : body.getBytes())) {
            ctx.next();
            return;
        }
        if (streams.incrementAndGet() > settings.config().maxStreams()) {
            streams.decrementAndGet();
            refuse(ctx, "streams", new ApiError(503, "unavailable_error", "too_many_streams",
                    "the gateway is streaming its limit of " + settings.config().maxStreams() + " answers at once; retry shortly",
                    RETRY_AFTER_BUSY_SECONDS));
            return;
        }
        ctx.addEndHandler(once(streams::decrementAndGet));
        ctx.next();
    }

    /** The client key {@link #screen} found (the socket peer when screen did not run). */
    public String client(RoutingContext ctx) {
        String client = ctx.get(CLIENT);
        return client != null ? client : String.valueOf(ctx.request().remoteAddress());
    }

    ConcurrencyLimiter concurrency() {
        return concurrency;
    }

    int streamsInFlight() {
        return streams.get();
    }

    /** NUL, CR, DEL and friends are not allowed in a request target (RFC 9112); Netty lets some through. */
    private static boolean hasControlCharacters(String uri) {
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                return true;
            }
        }
        return false;
    }

    private boolean isInternal(String authorization) {
        return authorization != null
                && MessageDigest.isEqual(authorization.getBytes(StandardCharsets.UTF_8), internalAuthorization);
    }

    private void refuse(RoutingContext ctx, String reason, ApiError error) {
        metrics.rejected(reason);
        if (!ctx.request().isEnded()) {
            // The body was not read: close after answering rather than leave it on the connection.
            ctx.response().putHeader("Connection", "close");
        }
        new HttpContext(ctx.request(), System.nanoTime()).sendError(error);
    }

    private String rateText(boolean read) {
        double r = read ? settings.config().rateLimit().readsPerSecond() : settings.config().rateLimit().requestsPerSecond();
        String number = r == Math.rint(r) ? String.valueOf((long) r) : String.format(Locale.ROOT, "%s", r);
        return number + (read ? " read" : " request") + (r == 1 ? "" : "s");
    }

    private static io.vertx.core.Handler<io.vertx.core.AsyncResult<Void>> once(Runnable action) {
        AtomicBoolean done = new AtomicBoolean();
        return result -> {
            if (done.compareAndSet(false, true)) {
                action.run();
            }
        };
    }
}
