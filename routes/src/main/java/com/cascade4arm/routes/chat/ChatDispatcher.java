package com.cascade4arm.routes.chat;

import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.HttpContext;
import com.cascade4arm.routes.metrics.GenAiMetrics;
import com.cascade4arm.routes.routing.RouteDecision;
import com.cascade4arm.routes.upstream.UpstreamClient;
import com.cascade4arm.routes.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.upstream.UpstreamFailure;
import com.cascade4arm.routes.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Serves a routed request from one pool: tries its endpoints best first until one answers. Throws
 * {@link PoolUnavailableException} only while nothing reached the client, so the caller's breaker may fall back.
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

    public ChatDispatcher(Map<String, UpstreamPool> pools, UpstreamClient client, GenAiMetrics metrics, long requestTimeoutMs) {
        this.pools = pools;
        this.client = client;
        this.metrics = metrics;
        this.requestTimeoutMs = requestTimeoutMs;
    }

    /** Serves the exchange from {@code poolName}; {@code fallbackReason} is non-null when it is not the chosen pool. */
    public void serve(Exchange exchange, String poolName, String fallbackReason) {
        UpstreamPool pool = pools.get(poolName);
        HttpContext http = exchange.getProperty(HttpContext.PROPERTY, HttpContext.class);
        ChatRequest request = exchange.getProperty(REQUEST, ChatRequest.class);
        RouteDecision decision = exchange.getProperty(DECISION, RouteDecision.class);
        String lastFailure = "no endpoint of pool '" + poolName + "' is available (unhealthy or circuit open)";
        int attempts = 0;
        for (UpstreamEndpoint endpoint : pool.candidates()) {
            if (attempts++ == MAX_ENDPOINT_ATTEMPTS || http.clientGone()) {
                break;
            }
            if (!endpoint.breaker().tryAcquirePermission()) {
                continue;
            }
            long started = System.nanoTime();
            endpoint.acquire();
            try {
                if (request.stream()) {
                    streamFrom(http, request, decision, pool, endpoint, fallbackReason);
                } else {
                    completeFrom(http, request, decision, pool, endpoint, fallbackReason);
                }
                endpoint.breaker().onSuccess(System.nanoTime() - started, TimeUnit.NANOSECONDS);
                return;
            } catch (StreamAbortedException aborted) {
                if (!http.clientGone()) {
                    endpoint.breaker().onError(System.nanoTime() - started, TimeUnit.NANOSECONDS, aborted);
                } else {
                    endpoint.breaker().releasePermission(); // the client left: not the endpoint's fault
                }
                return;
            } catch (UpstreamFailure failure) {
                recordFailure(endpoint, failure, started);
                if (failure.isClientError()) {
                    exchange.setProperty(DEFERRED_ERROR, new ApiException(failure.status(), "invalid_request_error",
                            "upstream_rejected", failure.getMessage()));
                    return;
                }
                lastFailure = failure.getMessage();
                LOG.warn("upstream {} failed before answering: {}", endpoint, failure.getMessage());
            } finally {
                endpoint.release();
            }
        }
        throw new PoolUnavailableException(poolName, lastFailure);
    }

    private void recordFailure(UpstreamEndpoint endpoint, UpstreamFailure failure, long started) {
        if (failure.isClientError()) {
            endpoint.breaker().onSuccess(System.nanoTime() - started, TimeUnit.NANOSECONDS); // the request's fault, not the endpoint's
        } else {
            endpoint.breaker().onError(System.nanoTime() - started, TimeUnit.NANOSECONDS, failure);
            metrics.upstreamError(endpoint.name(), failure.status() == 0 ? "io" : "http_" + failure.status());
        }
    }

    private void streamFrom(HttpContext http, ChatRequest request, RouteDecision decision, UpstreamPool pool,
                            UpstreamEndpoint endpoint, String fallbackReason) {
        ObjectNode body = request.upstreamBody().deepCopy();
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        StreamRelay relay = new StreamRelay(http, routingHeaders(decision, pool, endpoint, fallbackReason));
        try {
            await(client.stream(endpoint, body, relay));
        } catch (UpstreamFailure failure) {
            if (!relay.committed() && failure.beforeFirstByte()) {
                throw failure;
            }
            // Tokens already reached the client: never retry silently, end the stream with an error event.
            metrics.operationDuration(pool.name(), endpoint.name(), "error", elapsedMs(http));
            http.sendError(new ApiException(502, "upstream_error", "upstream_stream_failed",
                    "the model server failed mid-stream: " + failure.getMessage()));
            throw new StreamAbortedException(failure);
        } catch (IllegalStateException malformed) {
            metrics.upstreamError(endpoint.name(), "malformed_stream");
            UpstreamFailure failure = new UpstreamFailure(endpoint.name() + ": " + malformed.getMessage(), 502,
                    !relay.committed(), null);
            if (!relay.committed()) {
                throw failure;
            }
            http.sendError(new ApiException(502, "upstream_error", "upstream_stream_failed", failure.getMessage()));
            throw new StreamAbortedException(failure);
        }
        double totalMs = elapsedMs(http);
        Double ttft = relay.ttftMs();
        ObjectNode cascade = CascadeInfo.build(decision, pool, endpoint, relay.usage(), ttft, totalMs, fallbackReason);
        relay.finish(cascade, request.includeUsage());
        record(pool, endpoint, decision, relay.usage(), ttft, totalMs, fallbackReason);
    }

    private void completeFrom(HttpContext http, ChatRequest request, RouteDecision decision, UpstreamPool pool,
                              UpstreamEndpoint endpoint, String fallbackReason) {
        ObjectNode body = request.upstreamBody().deepCopy();
        body.put("stream", false);
        JsonNode answer = await(client.complete(endpoint, body));
        if (!(answer instanceof ObjectNode response) || !answer.path("choices").isArray()) {
            throw new UpstreamFailure(endpoint.name() + " answered without choices", 502, true, null);
        }
        double totalMs = elapsedMs(http);
        Usage usage = new Usage();
        usage.absorbUsage(answer.get("usage"));
        usage.absorbTimings(answer.get("timings"));
        // Non-streaming has no first token on the wire: llama-server's own generation time gives it.
        Double ttft = usage.upstreamPredictedMs == null ? null : Math.max(0, totalMs - usage.upstreamPredictedMs);
        ObjectNode cascade = CascadeInfo.build(decision, pool, endpoint, usage, ttft, totalMs, fallbackReason);
        response.set("cascade", cascade);
        http.sendJson(200, response, routingHeaders(decision, pool, endpoint, fallbackReason));
        record(pool, endpoint, decision, usage, ttft, totalMs, fallbackReason);
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

    private static Map<String, String> routingHeaders(RouteDecision decision, UpstreamPool pool, UpstreamEndpoint endpoint,
                                                      String fallbackReason) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Cascade-Route", pool.name());
        headers.put("X-Cascade-Rule", decision.rule());
        headers.put("X-Cascade-Endpoint", endpoint.baseUri().toString());
        headers.put("X-Cascade-Rules-Version", String.valueOf(decision.rulesVersion()));
        if (fallbackReason != null) {
            headers.put("X-Cascade-Fallback", "true");
        }
        return headers;
    }

    private <T> T await(java.util.concurrent.CompletableFuture<T> future) {
        try {
            return future.get(requestTimeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UpstreamFailure failure) {
                throw failure;
            }
            if (e.getCause() instanceof IllegalStateException malformed) {
                throw malformed;
            }
            throw new UpstreamFailure("upstream failed: " + e.getCause(), 0, true, null);
        } catch (CancellationException e) {
            throw new StreamAbortedException(new UpstreamFailure("client disconnected", 0, false, null));
        } catch (java.util.concurrent.TimeoutException e) {
            future.cancel(true);
            throw new UpstreamFailure("no complete answer within " + requestTimeoutMs + " ms", 504, true, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            throw new StreamAbortedException(new UpstreamFailure("interrupted", 0, false, null));
        }
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
