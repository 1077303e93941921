package com.cascade4arm.routes.serving.embeddings;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.EmbeddingsRequest;
import com.cascade4arm.openai.EmbeddingsResponse;
import com.cascade4arm.openai.LogText;
import com.cascade4arm.routes.serving.cost.InstanceShare;
import com.cascade4arm.routes.serving.cost.SystemCost;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.llama.CascadeInfo;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.routes.serving.upstream.UpstreamClient;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamFailure;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.support.AsyncProcessorSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Sends an {@link EmbeddingsRequest} to the embeddings pool's {@code /v1/embeddings}, endpoint by endpoint (each behind
 * its own breaker, as chat's), and leaves the OpenAI-shaped answer with a {@code cascade} object as the body. Never
 * blocks: the call and its answer stay on the connection's event loop.
 */
public final class EmbeddingsRelay extends AsyncProcessorSupport {
    public static final String PATH = "/v1/embeddings";
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddingsRelay.class);
    private static final int MAX_ENDPOINT_ATTEMPTS = 2;
    private static final String RESPONSE_HEADER = "Response-";

    private final UpstreamPool pool;
    private final UpstreamClient upstream;
    private final GenAiMetrics metrics;
    private final SystemCost cost;
    private final LongSupplier nanoTime;
    private final boolean exposeEndpoints;

    public EmbeddingsRelay(UpstreamPool pool, UpstreamClient upstream, GenAiMetrics metrics, SystemCost cost,
                           LongSupplier nanoTime, boolean exposeEndpoints) {
        this.pool = pool;
        this.upstream = upstream;
        this.metrics = metrics;
        this.cost = cost;
        this.nanoTime = nanoTime;
        this.exposeEndpoints = exposeEndpoints;
    }

    public UpstreamPool pool() {
        return pool;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        EmbeddingsRequest request = exchange.getMessage().getBody(EmbeddingsRequest.class);
        HttpContext http = HttpContext.of(exchange);
        long received = http == null ? nanoTime.getAsLong() : http.receivedAtNanos();
        InstanceShare.Ticket ticket = cost.open();
        Attempts attempts = new Attempts(request, http, pool.candidates().iterator());
        attempts.result.whenComplete((answer, error) -> {
            try {
                if (error != null) {
                    exchange.setException(error instanceof CompletionException && error.getCause() != null
                            ? error.getCause() : error);
                    return;
                }
                double totalMs = (nanoTime.getAsLong() - received) / 1e6;
                ObjectNode body = answer.body();
                long promptTokens = body.path("usage").path("prompt_tokens").asLong(0);
                ObjectNode cascade = Json.object();
                cascade.put("route", pool.name());
                cascade.put("endpoint", CascadeInfo.endpoint(answer.endpoint(), exposeEndpoints));
                cascade.put("total_ms", Math.round(totalMs * 10) / 10.0);
                cascade.put("prompt_tokens", promptTokens);
                cascade.put("completion_tokens", 0);
                cascade.put("cost_usd", cost.usd(ticket));
                body.set("cascade", cascade);
                metrics.operationDuration(pool.name(), answer.endpoint().name(), "ok", totalMs, "embeddings");
                metrics.tokenUsage(pool.name(), promptTokens, 0);
                exchange.getMessage().setBody(body);
                exchange.getMessage().setHeader(RESPONSE_HEADER + "X-Cascade-Route", pool.name());
                if (http != null) {
                    http.answered(cascade, null); // keys are charged, the request log filled
                }
            } finally {
                ticket.close();
                callback.done(false);
            }
        });
        attempts.tryNext();
        return false;
    }

    private record Answer(ObjectNode body, UpstreamEndpoint endpoint) {
    }

    /** One request's walk through the pool's endpoints, best first, at most {@link #MAX_ENDPOINT_ATTEMPTS} tried. */
    private final class Attempts {
        final CompletableFuture<Answer> result = new CompletableFuture<>();
        private final EmbeddingsRequest request;
        private final HttpContext http;
        private final Iterator<UpstreamEndpoint> candidates;
        private String lastFailure = "no endpoint is available (unhealthy or circuit open)";
        private int attempts;

        Attempts(EmbeddingsRequest request, HttpContext http, Iterator<UpstreamEndpoint> candidates) {
            this.request = request;
            this.http = http;
            this.candidates = candidates;
        }

        void tryNext() {
            while (candidates.hasNext() && attempts < MAX_ENDPOINT_ATTEMPTS
                    && (http == null || !http.clientGone())) {
                UpstreamEndpoint endpoint = candidates.next();
                if (endpoint.breaker().tryAcquirePermission()) {
                    attempts++;
                    attempt(endpoint);
                    return;
                }
            }
            result.completeExceptionally(new ApiError(503, ApiError.UNAVAILABLE, "embeddings_unavailable",
                    "embeddings pool '" + pool.name() + "' unavailable: " + lastFailure));
        }

        private void attempt(UpstreamEndpoint endpoint) {
            long started = nanoTime.getAsLong();
            endpoint.acquire();
            CompletableFuture<JsonNode> call = upstream.complete(endpoint, PATH, request.toJson(), Map.of());
            if (http != null) {
                http.onClientGone(() -> call.cancel(false)); // nobody waits for the vectors: free the model
            }
            call.whenComplete((json, error) -> {
                endpoint.release();
                long elapsed = nanoTime.getAsLong() - started;
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                if (cause == null) {
                    try {
                        ObjectNode body = EmbeddingsResponse.fromUpstream(json, request);
                        endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS);
                        result.complete(new Answer(body, endpoint));
                    } catch (IllegalStateException malformed) {
                        endpoint.breaker().onError(elapsed, TimeUnit.NANOSECONDS, malformed);
                        metrics.upstreamError(endpoint.name(), "malformed_answer");
                        lastFailure = endpoint.name() + " sent a malformed answer: " + malformed.getMessage();
                        tryNext();
                    }
                } else if (cause instanceof CancellationException) {
                    endpoint.breaker().releasePermission(); // the client left: not the endpoint's fault
                    result.completeExceptionally(cause);
                } else if (cause instanceof UpstreamFailure failure && failure.isRequestFault()) {
                    // The request's fault: counted as a success, not retried elsewhere (it would fail there too).
                    endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS);
                    String reason = failure.requestFaultReason();
                    result.completeExceptionally(new ApiError(failure.isClientError() ? failure.status() : 400,
                            ApiError.INVALID_REQUEST, "upstream_rejected", "the embeddings server refused the request: HTTP "
                            + failure.status() + (reason.isBlank() ? "" : " " + reason)));
                } else {
                    endpoint.breaker().onError(elapsed, TimeUnit.NANOSECONDS, cause);
                    UpstreamFailure failure = cause instanceof UpstreamFailure f ? f : null;
                    metrics.upstreamError(endpoint.name(), failure == null || failure.status() == 0 ? "io"
                            : "http_" + failure.status());
                    lastFailure = failure != null ? failure.publicMessage() : endpoint.name() + " failed";
                    LOG.warn("embeddings upstream {} failed: {}", endpoint, LogText.safe(String.valueOf(cause.getMessage())));
                    tryNext();
                }
            });
        }
    }
}
