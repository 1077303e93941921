package com.cascade4arm.routes.chat;

import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.HeaderValues;
import com.cascade4arm.routes.http.HttpContext;
import com.cascade4arm.routes.metrics.GenAiMetrics;
import com.cascade4arm.routes.routing.RouteDecision;
import com.cascade4arm.routes.upstream.UpstreamClient;
import com.cascade4arm.routes.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.upstream.UpstreamFailure;
import com.cascade4arm.routes.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Serves a routed request from one pool: tries its endpoints best first until one answers. Fails with
 * {@link PoolUnavailableException} only while nothing reached the client, so the caller may fall back.
 */
public final class ChatDispatcher {
    public static final String REQUEST = "cascade.request";
    public static final String DECISION = "cascade.decision";
    /** A client error found while serving, raised after the breaker so it neither trips it nor triggers fallback. */
    public static final String DEFERRED_ERROR = "cascade.deferredError";
    private static final Logger LOG = LoggerFactory.getLogger(ChatDispatcher.class);
    private static final int MAX_ENDPOINT_ATTEMPTS = 2;

    private final Map<String, UpstreamPool> pools;
    private final UpstreamClient client;
    private final GenAiMetrics metrics;
    private final long requestTimeoutMs;
    private final Vertx vertx;
    private final boolean exposeEndpoints;

    /** {@code exposeEndpoints}: name upstream URLs in answers (cascade.expose-endpoints); else only endpoint names. */
    public ChatDispatcher(Map<String, UpstreamPool> pools, UpstreamClient client, GenAiMetrics metrics,
                          long requestTimeoutMs, Vertx vertx, boolean exposeEndpoints) {
        this.exposeEndpoints = exposeEndpoints;
        this.pools = pools;
        this.client = client;
        this.metrics = metrics;
        this.requestTimeoutMs = requestTimeoutMs;
        this.vertx = vertx;
    }

    /**
     * Serves the exchange from {@code poolName}; {@code fallbackReason} is non-null when it is not the chosen pool.
     * Never blocks: call it on the client connection's event loop and the upstream call, its tokens and the client's
     * writes all stay on that thread. Completes when the answer is done, or exceptionally with
     * {@link PoolUnavailableException} while nothing reached the client.
     */
    public CompletableFuture<Void> serve(Exchange exchange, String poolName, String fallbackReason) {
        PoolAttempts attempts = new PoolAttempts(exchange, pools.get(poolName), fallbackReason);
        attempts.tryNext();
        return attempts.result;
    }

    /** One request's walk through a pool's candidates, best first, at most {@link #MAX_ENDPOINT_ATTEMPTS} tried. */
    private final class PoolAttempts {
        private final CompletableFuture<Void> result = new CompletableFuture<>();
        private final Exchange exchange;
        private final UpstreamPool pool;
        private final String fallbackReason;
        private final HttpContext http;
        private final ChatRequest request;
        private final RouteDecision decision;
        private final Iterator<UpstreamEndpoint> candidates;
        private String lastFailure;
        private int attempts;

        PoolAttempts(Exchange exchange, UpstreamPool pool, String fallbackReason) {
            this.exchange = exchange;
            this.pool = pool;
            this.fallbackReason = fallbackReason;
            this.http = exchange.getProperty(HttpContext.PROPERTY, HttpContext.class);
            this.request = exchange.getProperty(REQUEST, ChatRequest.class);
            this.decision = exchange.getProperty(DECISION, RouteDecision.class);
            this.candidates = pool.candidates().iterator();
            this.lastFailure = "no endpoint of pool '" + pool.name() + "' is available (unhealthy or circuit open)";
        }

        void tryNext() {
            while (candidates.hasNext()) {
                UpstreamEndpoint endpoint = candidates.next();
                if (attempts++ == MAX_ENDPOINT_ATTEMPTS || http.clientGone()) {
                    break;
                }
                if (endpoint.breaker().tryAcquirePermission()) {
                    attempt(endpoint);
                    return;
                }
            }
            result.completeExceptionally(new PoolUnavailableException(pool.name(), lastFailure));
        }

        private void attempt(UpstreamEndpoint endpoint) {
            long started = System.nanoTime();
            endpoint.acquire();
            CompletableFuture<Void> answer;
            try {
                answer = request.stream() ? streamFrom(http, request, decision, pool, endpoint, fallbackReason)
                        : completeFrom(http, request, decision, pool, endpoint, fallbackReason);
            } catch (RuntimeException e) {
                answer = CompletableFuture.failedFuture(e);
            }
            answer.whenComplete((ok, error) -> {
                endpoint.release();
                settle(endpoint, started, unwrap(error));
            });
        }

        private void settle(UpstreamEndpoint endpoint, long started, Throwable error) {
            long elapsed = System.nanoTime() - started;
            if (error == null) {
                endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS);
                result.complete(null);
            } else if (error instanceof StreamAbortedException aborted) {
                if (!http.clientGone()) {
                    endpoint.breaker().onError(elapsed, TimeUnit.NANOSECONDS, aborted);
                } else {
                    endpoint.breaker().releasePermission(); // the client left: not the endpoint's fault
                }
                result.complete(null);
            } else if (error instanceof UpstreamFailure failure) {
                recordFailure(endpoint, failure, started);
                if (failure.isClientError()) {
                    exchange.setProperty(DEFERRED_ERROR, new ApiException(failure.status(), "invalid_request_error",
                            "upstream_rejected", failure.getMessage()));
                    result.complete(null);
                    return;
                }
                lastFailure = failure.getMessage();
                LOG.warn("upstream {} failed before answering: {}", endpoint, failure.getMessage());
                tryNext();
            } else {
                endpoint.breaker().releasePermission(); // our own bug, not the endpoint's: surface it as it is
                result.completeExceptionally(error);
            }
        }
    }

    /** The cause a CompletableFuture stage wrapped. */
    static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private void recordFailure(UpstreamEndpoint endpoint, UpstreamFailure failure, long started) {
        if (failure.isClientError()) {
            endpoint.breaker().onSuccess(System.nanoTime() - started, TimeUnit.NANOSECONDS); // the request's fault, not the endpoint's
        } else {
            endpoint.breaker().onError(System.nanoTime() - started, TimeUnit.NANOSECONDS, failure);
            metrics.upstreamError(endpoint.name(), failure.status() == 0 ? "io" : "http_" + failure.status());
        }
    }

    private CompletableFuture<Void> streamFrom(HttpContext http, ChatRequest request, RouteDecision decision,
                                               UpstreamPool pool, UpstreamEndpoint endpoint, String fallbackReason) {
        ObjectNode body = request.upstreamBody().deepCopy();
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        StreamRelay relay = new StreamRelay(http, routingHeaders(decision, pool, endpoint, fallbackReason));
        return bounded(client.stream(endpoint, body, relay)).handle((done, error) -> {
            Throwable cause = unwrap(error);
            if (cause == null) {
                double totalMs = elapsedMs(http);
                Double ttft = relay.ttftMs();
                ObjectNode cascade = CascadeInfo.build(decision, pool, endpoint, relay.usage(), ttft, totalMs, fallbackReason, exposeEndpoints);
                relay.finish(cascade, request.includeUsage());
                record(pool, endpoint, decision, relay.usage(), ttft, totalMs, fallbackReason);
                return null;
            }
            if (cause instanceof CancellationException) {
                throw new StreamAbortedException(new UpstreamFailure("client disconnected", 0, false, null));
            }
            UpstreamFailure failure = asFailure(endpoint, cause, relay.committed());
            if (!relay.committed() && failure.beforeFirstByte()) {
                throw failure;
            }
            // Tokens already reached the client: never retry silently, end the stream with an error event.
            metrics.operationDuration(pool.name(), endpoint.name(), "error", elapsedMs(http));
            http.sendError(new ApiException(502, "upstream_error", "upstream_stream_failed",
                    cause instanceof UpstreamFailure ? "the model server failed mid-stream: " + failure.getMessage()
                            : failure.getMessage()));
            throw new StreamAbortedException(failure);
        });
    }

    /** What went wrong upstream as an {@link UpstreamFailure}; a malformed stream counts as a 502 from the endpoint. */
    private UpstreamFailure asFailure(UpstreamEndpoint endpoint, Throwable cause, boolean committed) {
        if (cause instanceof UpstreamFailure failure) {
            return failure;
        }
        if (cause instanceof IllegalStateException malformed) {
            metrics.upstreamError(endpoint.name(), "malformed_stream");
            return new UpstreamFailure(endpoint.name() + ": " + malformed.getMessage(), 502, !committed, null);
        }
        return new UpstreamFailure("upstream failed: " + cause, 0, !committed, null);
    }

    private CompletableFuture<Void> completeFrom(HttpContext http, ChatRequest request, RouteDecision decision,
                                                 UpstreamPool pool, UpstreamEndpoint endpoint, String fallbackReason) {
        ObjectNode body = request.upstreamBody().deepCopy();
        body.put("stream", false);
        CompletableFuture<JsonNode> call = client.complete(endpoint, body);
        http.onClientGone(() -> call.cancel(false)); // nobody waits for the answer: free the model's slot
        return bounded(call).handle((answer, error) -> {
            Throwable cause = unwrap(error);
            if (cause instanceof CancellationException) {
                throw new StreamAbortedException(new UpstreamFailure("client disconnected", 0, false, null));
            }
            if (cause != null) {
                throw asFailure(endpoint, cause, false);
            }
            if (!(answer instanceof ObjectNode response) || !answer.path("choices").isArray()) {
                throw new UpstreamFailure(endpoint.name() + " answered without choices", 502, true, null);
            }
            double totalMs = elapsedMs(http);
            Usage usage = new Usage();
            usage.absorbUsage(answer.get("usage"));
            usage.absorbTimings(answer.get("timings"));
            // Non-streaming has no first token on the wire: llama-server's own generation time gives it.
            Double ttft = usage.upstreamPredictedMs == null ? null : Math.max(0, totalMs - usage.upstreamPredictedMs);
            ObjectNode cascade = CascadeInfo.build(decision, pool, endpoint, usage, ttft, totalMs, fallbackReason, exposeEndpoints);
            response.set("cascade", cascade);
            http.sendJson(200, response, routingHeaders(decision, pool, endpoint, fallbackReason));
            record(pool, endpoint, decision, usage, ttft, totalMs, fallbackReason);
            return null;
        });
    }

    private void record(UpstreamPool pool, UpstreamEndpoint endpoint, RouteDecision decision, Usage usage, Double ttft,
                        double totalMs, String fallbackReason) {
        if (ttft != null) {
            metrics.timeToFirstToken(pool.name(), endpoint.name(), ttft);
        }
        metrics.operationDuration(pool.name(), endpoint.name(), "ok", totalMs);
        metrics.tokenUsage(pool.name(), usage.promptTokens, usage.completionTokensOrDeltas());
        if (fallbackReason != null) {
            metrics.fallback(decision.route(), pool.name());
        }
    }

    private Map<String, String> routingHeaders(RouteDecision decision, UpstreamPool pool, UpstreamEndpoint endpoint,
                                               String fallbackReason) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Cascade-Route", pool.name());
        headers.put("X-Cascade-Rule", HeaderValues.encode(decision.rule())); // operators may name rules in any script
        headers.put("X-Cascade-Endpoint", HeaderValues.encode(CascadeInfo.endpoint(endpoint, exposeEndpoints)));
        headers.put("X-Cascade-Rules-Version", String.valueOf(decision.rulesVersion()));
        if (fallbackReason != null) {
            headers.put("X-Cascade-Fallback", "true");
        }
        return headers;
    }

    /**
     * The call, failed with a 504 {@link UpstreamFailure} (and cancelled, which resets the upstream request) when it
     * runs past the request timeout. A Vert.x timer, so the timeout fires on the request's event loop too.
     */
    private <T> CompletableFuture<T> bounded(CompletableFuture<T> call) {
        CompletableFuture<T> bounded = new CompletableFuture<>();
        long timer = vertx.setTimer(requestTimeoutMs, id -> {
            if (bounded.completeExceptionally(new UpstreamFailure(
                    "no complete answer within " + requestTimeoutMs + " ms", 504, true, null))) {
                call.cancel(false);
            }
        });
        call.whenComplete((value, error) -> {
            vertx.cancelTimer(timer);
            if (error == null) {
                bounded.complete(value);
            } else {
                bounded.completeExceptionally(error);
            }
        });
        return bounded;
    }

    private static double elapsedMs(HttpContext http) {
        return (System.nanoTime() - http.receivedAtNanos()) / 1e6;
    }

    /**
     * Nothing of this pool could serve the request and nothing was sent yet: a fallback may take over. Should it reach
     * the client anyway it is a clean 503, never an internal error.
     */
    public static final class PoolUnavailableException extends ApiException {
        private static final int RETRY_AFTER_SECONDS = 5;

        public PoolUnavailableException(String pool, String detail) {
            super(503, "unavailable_error", "no_upstream_available", "pool '" + pool + "' unavailable: " + detail,
                    RETRY_AFTER_SECONDS);
        }
    }

    /** The answer was cut after the client got part of it; the error went out in-stream, nothing more to do. */
    public static final class StreamAbortedException extends RuntimeException {
        StreamAbortedException(Throwable cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }
}
