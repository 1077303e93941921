package com.cascade4arm.routes.serving.completions;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.CompletionRequest;
import com.cascade4arm.openai.LogText;
import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.serving.cost.InstanceShare;
import com.cascade4arm.routes.serving.cost.SystemCost;
import com.cascade4arm.routes.serving.http.HeaderValues;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.llama.CascadeInfo;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.routes.serving.upstream.SseListener;
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

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Sends a routed legacy completion to its tier's pool at {@code /v1/completions}, endpoint by endpoint (the tier's
 * breakers; a refusal of the request counts as the endpoint's success). A stream is relayed event by event as the
 * upstream writes them (OpenAI's {@code text_completion} chunks); the usage, when asked for, goes last in a chunk of its
 * own (llama-server sends it on its finish chunk) that carries the {@code cascade} object; a non-streamed answer gets it
 * as a field. When no endpoint of the tier could serve and nothing reached the client it fails with
 * {@link PoolUnavailableException}, so the route can fall back to another tier, as chat does. Never blocks.
 */
public final class CompletionsRelay extends AsyncProcessorSupport {
    public static final String PATH = "/v1/completions";
    /** Exchange property with the parsed {@link CompletionRequest} while the route decides its tier. */
    public static final String REQUEST = "cascade.completion";
    private static final Logger LOG = LoggerFactory.getLogger(CompletionsRelay.class);
    private static final int MAX_ENDPOINT_ATTEMPTS = 2;
    private static final String RESPONSE_HEADER = "Response-";

    private final Map<String, UpstreamPool> pools;
    private final UpstreamClient upstream;
    private final GenAiMetrics metrics;
    private final SystemCost cost;
    private final LongSupplier nanoTime;
    private final boolean exposeEndpoints;

    public CompletionsRelay(Map<String, UpstreamPool> pools, UpstreamClient upstream, GenAiMetrics metrics,
                            SystemCost cost, LongSupplier nanoTime, boolean exposeEndpoints) {
        this.pools = pools;
        this.upstream = upstream;
        this.metrics = metrics;
        this.cost = cost;
        this.nanoTime = nanoTime;
        this.exposeEndpoints = exposeEndpoints;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        RoutedChat routed = exchange.getMessage().getBody(RoutedChat.class);
        CompletionRequest request = exchange.getProperty(REQUEST, CompletionRequest.class);
        HttpContext http = HttpContext.of(exchange);
        UpstreamPool pool = pools.get(routed.tier());
        if (request.logprobs() != null && request.logprobs() > 0
                && pool.endpoints().stream().anyMatch(endpoint -> !endpoint.reportsLogprobs())) {
            // Refused here, as on chat: the tier's server said it cannot report them (our in-process host).
            exchange.setException(ApiError.invalidParam("logprobs", "unsupported_parameter", "logprobs cannot be "
                    + "served by tier '" + pool.name() + "': its model server (llama.cpp in-process binding) cannot "
                    + "report log-probabilities; leave it out, or serve the tier with llama-server"));
            callback.done(true);
            return true;
        }
        Walk walk = new Walk(routed, request, pool, http);
        walk.result.whenComplete((body, error) -> {
            try {
                if (error != null) {
                    exchange.setException(error instanceof CompletionException && error.getCause() != null
                            ? error.getCause() : error);
                } else if (body != null) {
                    exchange.getMessage().setBody(body);
                    walk.headers().forEach((name, value) -> exchange.getMessage().setHeader(RESPONSE_HEADER + name, value));
                }
            } finally {
                walk.ticket.close();
                callback.done(false);
            }
        });
        walk.tryNext();
        return false;
    }

    /** One request's walk through its tier's endpoints, best first. */
    private final class Walk {
        final CompletableFuture<ObjectNode> result = new CompletableFuture<>();
        final InstanceShare.Ticket ticket = cost.open();
        private final RoutedChat routed;
        private final CompletionRequest request;
        private final UpstreamPool pool;
        private final HttpContext http;
        private final Iterator<UpstreamEndpoint> candidates;
        private final long received;
        private UpstreamEndpoint servedBy;
        private String lastFailure;
        private int attempts;

        Walk(RoutedChat routed, CompletionRequest request, UpstreamPool pool, HttpContext http) {
            this.routed = routed;
            this.request = request;
            this.pool = pool;
            this.http = http;
            this.candidates = pool.candidates().iterator();
            this.received = http == null ? nanoTime.getAsLong() : http.receivedAtNanos();
            this.lastFailure = "no endpoint of tier '" + pool.name() + "' is available (unhealthy or circuit open)";
        }

        void tryNext() {
            while (candidates.hasNext() && attempts < MAX_ENDPOINT_ATTEMPTS && (http == null || !http.clientGone())) {
                UpstreamEndpoint endpoint = candidates.next();
                if (endpoint.breaker().tryAcquirePermission()) {
                    attempts++;
                    attempt(endpoint);
                    return;
                }
            }
            String message = "tier '" + pool.name() + "' unavailable: " + lastFailure;
            result.completeExceptionally(new PoolUnavailableException(routed.isFallback()
                    ? "no model endpoint can serve this request: " + routed.fallbackReason() + "; " + message : message));
        }

        Map<String, String> headers() {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("X-Cascade-Route", pool.name());
            headers.put("X-Cascade-Rule", HeaderValues.encode(routed.decision().rule()));
            if (servedBy != null) {
                headers.put("X-Cascade-Endpoint", HeaderValues.encode(CascadeInfo.endpoint(servedBy, exposeEndpoints)));
            }
            if (routed.isFallback()) {
                headers.put("X-Cascade-Fallback", "true");
            }
            return headers;
        }

        private void attempt(UpstreamEndpoint endpoint) {
            long started = nanoTime.getAsLong();
            endpoint.acquire();
            servedBy = endpoint;
            Relay relay = request.stream() ? new Relay(this) : null;
            CompletableFuture<?> call = relay != null
                    ? upstream.stream(endpoint, PATH, request.toJson(), Map.of(), relay)
                    : upstream.complete(endpoint, PATH, request.toJson(), Map.of());
            if (http != null) {
                http.onClientGone(() -> call.cancel(false)); // nobody waits: free the model's slot
            }
            call.whenComplete((answer, error) -> {
                endpoint.release();
                long elapsed = nanoTime.getAsLong() - started;
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                if (cause == null) {
                    endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS);
                    if (relay != null) {
                        relay.finish();
                        result.complete(null);
                    } else {
                        answered((JsonNode) answer);
                    }
                } else if (cause instanceof CancellationException || (http != null && http.clientGone())) {
                    endpoint.breaker().releasePermission(); // the client left: not the endpoint's fault
                    result.complete(null);
                } else if (cause instanceof UpstreamFailure failure && failure.isRequestFault()) {
                    endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS);
                    String reason = failure.requestFaultReason();
                    fail(relay, new ApiError(failure.isClientError() ? failure.status() : 400, ApiError.INVALID_REQUEST,
                            "upstream_rejected", "the model server refused the request: HTTP " + failure.status()
                            + (reason.isBlank() ? "" : " " + reason)));
                } else {
                    endpoint.breaker().onError(elapsed, TimeUnit.NANOSECONDS, cause);
                    UpstreamFailure failure = cause instanceof UpstreamFailure f ? f : null;
                    metrics.upstreamError(endpoint.name(), failure == null || failure.status() == 0 ? "io"
                            : "http_" + failure.status());
                    lastFailure = failure != null ? failure.publicMessage() : endpoint.name() + " failed";
                    LOG.warn("completions upstream {} failed: {}", endpoint, LogText.safe(String.valueOf(cause.getMessage())));
                    if (relay != null && relay.started) {
                        http.sendError(new ApiError(502, ApiError.UPSTREAM, "upstream_stream_failed",
                                "the model server failed mid-stream: " + lastFailure));
                        result.complete(null);
                    } else {
                        tryNext();
                    }
                }
            });
        }

        private void fail(Relay relay, ApiError error) {
            if (relay != null && relay.started) {
                http.sendError(error);
                result.complete(null);
            } else {
                result.completeExceptionally(error);
            }
        }

        private void answered(JsonNode answer) {
            if (!(answer instanceof ObjectNode body) || !answer.path("choices").isArray()) {
                result.completeExceptionally(new ApiError(502, ApiError.UPSTREAM, "upstream_malformed",
                        servedBy.name() + " answered without choices"));
                return;
            }
            body.set("cascade", cascade(body.path("usage")));
            if (http != null) {
                http.answered((ObjectNode) body.get("cascade"), body.path("choices").path(0).path("text").asText(null));
            }
            result.complete(body);
        }

        ObjectNode cascade(JsonNode usage) {
            double totalMs = (nanoTime.getAsLong() - received) / 1e6;
            long prompt = usage.path("prompt_tokens").asLong(0);
            long completion = usage.path("completion_tokens").asLong(0);
            ObjectNode info = Json.object();
            info.put("route", pool.name());
            info.put("rule", routed.decision().rule());
            info.put("reason", routed.decision().reason());
            info.put("endpoint", CascadeInfo.endpoint(servedBy, exposeEndpoints));
            info.put("total_ms", Math.round(totalMs * 10) / 10.0);
            info.put("prompt_tokens", prompt);
            info.put("completion_tokens", completion);
            info.put("cost_usd", cost.usd(ticket));
            info.put("fallback", routed.isFallback());
            if (routed.isFallback()) {
                // The decided tier could not serve before anything was sent: its fallback did, as for chat.
                info.put("fallback_reason", routed.fallbackReason());
                info.put("decided_route", routed.decision().route());
                metrics.fallback(routed.decision().route(), pool.name());
            }
            metrics.operationDuration(pool.name(), servedBy.name(), "ok", totalMs, "text_completion");
            metrics.tokenUsage(pool.name(), prompt, completion);
            return info;
        }
    }

    /** Relays the upstream's chunks as they come; holds back the usage chunk to add the cascade object to it. */
    private final class Relay implements SseListener {
        private final Walk walk;
        private StreamFlow flow;
        boolean started;
        private ObjectNode usageChunk;
        private JsonNode lastUsage = Json.object();

        Relay(Walk walk) {
            this.walk = walk;
        }

        @Override
        public void onOpen(StreamFlow flow) {
            this.flow = flow;
            walk.http.onDrain(flow::resume);
        }

        @Override
        public void onData(String data) {
            if (!started) {
                started = true;
                walk.http.startSse(walk.headers());
            }
            JsonNode chunk;
            try {
                chunk = Json.MAPPER.readTree(data);
            } catch (IOException e) {
                throw new IllegalStateException("a chunk is not JSON");
            }
            if (chunk instanceof ObjectNode object && chunk.hasNonNull("usage")) {
                lastUsage = chunk.get("usage");
                if (chunk.path("choices").isEmpty()) {
                    usageChunk = object; // OpenAI's usage chunk: sent at the end with the cascade object
                    return;
                }
                if (walk.request.chat().includeUsage()) {
                    // llama-server puts usage on its finish chunk; OpenAI's clients read it from a chunk of its own.
                    usageChunk = object.deepCopy();
                    usageChunk.putArray("choices");
                    object.remove("usage");
                    object.remove("timings");
                    data = Json.string(object);
                }
            }
            walk.http.writeSseEvent(data);
            if (flow != null && walk.http.writeQueueFull()) {
                flow.pause();
            }
        }

        void finish() {
            if (!started) {
                walk.http.startSse(walk.headers());
            }
            ObjectNode cascade = walk.cascade(lastUsage);
            if (usageChunk != null) {
                usageChunk.set("cascade", cascade);
                walk.http.writeSseEvent(Json.string(usageChunk));
            }
            walk.http.answered(cascade, null);
            walk.http.endSse();
        }
    }
}
