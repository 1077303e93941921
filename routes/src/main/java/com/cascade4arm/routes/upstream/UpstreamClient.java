package com.cascade4arm.routes.upstream;

import com.cascade4arm.routes.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.parsetools.RecordParser;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Talks the llama-server HTTP API to one endpoint over Vert.x's non-blocking client, so a stream costs no thread
 * while tokens trickle in; camel-http buffers bodies and retries 429 behind our back (NOTES), which a relay can't have.
 */
public final class UpstreamClient implements AutoCloseable {
    public static final String CHAT_PATH = "/v1/chat/completions";
    private static final int MAX_ERROR_BODY_CHARS = 300;

    private final Vertx vertx;
    private final Supplier<HttpClient> newClient;
    private final HttpClient offLoopClient;
    private final Map<Thread, HttpClient> loopClients = new ConcurrentHashMap<>();
    private final long idleTimeoutMs;

    public UpstreamClient(Vertx vertx, int connectTimeoutMs, long idleTimeoutMs, int maxConnectionsPerEndpoint) {
        HttpClientOptions options = new HttpClientOptions()
                .setConnectTimeout(connectTimeoutMs)
                .setKeepAlive(true)
                .setTcpNoDelay(true)
                .setDecompressionSupported(false);
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(maxConnectionsPerEndpoint)
                .setMaxWaitQueueSize(4 * maxConnectionsPerEndpoint);
        this.vertx = vertx;
        this.newClient = () -> vertx.createHttpClient(options, pool);
        this.offLoopClient = newClient.get();
        this.idleTimeoutMs = idleTimeoutMs;
    }

    /**
     * The calling event loop's own client: Vert.x 4 lends a pooled connection to any caller, and a connection made on
     * another loop (e.g. by the health timer) costs two thread hand-offs per request (measured: +0.17 ms of CPU).
     */
    private HttpClient client() {
        Context context = Vertx.currentContext();
        if (context == null || !context.isEventLoopContext() || context.owner() != vertx) {
            return offLoopClient;
        }
        return loopClients.computeIfAbsent(Thread.currentThread(), thread -> newClient.get());
    }

    /** Streams a chat completion; the future completes when [DONE] arrives and fails with {@link UpstreamFailure}. */
    public CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, SseListener listener) {
        return stream(endpoint, body, listener, null);
    }

    /**
     * Extras for OpenAI-compatible APIs other than llama-server (Compare's hosted leg): the full chat URL (OpenAI base
     * URLs already end in /v1), extra request headers (e.g. OpenRouter attribution) and an observer of the answer's
     * status, headers and error body (e.g. Retry-After, X-RateLimit-Reset) for callers with their own retry policy.
     */
    public record CallOptions(URI chatUrl, Map<String, String> headers, ResponseObserver observer) {
    }

    /** Sees an answer's status line and headers before its body, and the body of a non-200 answer. */
    public interface ResponseObserver {
        void onHead(int status, Function<String, String> header);

        default void onErrorBody(int status, String body) {
        }
    }

    /** {@link #stream(UpstreamEndpoint, ObjectNode, SseListener)} with {@link CallOptions} (null = none). */
    public CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, SseListener listener,
                                          CallOptions options) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        AtomicBoolean opened = new AtomicBoolean();
        client().request(post(endpoint, "text/event-stream", options))
                .onFailure(e -> done.completeExceptionally(connectFailure(endpoint, e)))
                .onSuccess(request -> {
                    done.whenComplete((v, e) -> {
                        if (e instanceof java.util.concurrent.CancellationException) {
                            request.reset();
                        }
                    });
                    request.send(Buffer.buffer(Json.bytes(body)))
                            .onFailure(e -> done.completeExceptionally(failure(endpoint, e, !opened.get())))
                            .onSuccess(response -> relay(endpoint, request, response, listener, done, opened, options));
                });
        return done;
    }

    private void relay(UpstreamEndpoint endpoint, HttpClientRequest request, HttpClientResponse response,
                       SseListener listener, CompletableFuture<Void> done, AtomicBoolean opened, CallOptions options) {
        ResponseObserver observer = options == null ? null : options.observer();
        if (observer != null) {
            observer.onHead(response.statusCode(), response::getHeader);
        }
        if (response.statusCode() != 200) {
            failWithBody(endpoint, response, done, observer);
            return;
        }
        String contentType = response.getHeader("Content-Type");
        if (contentType != null && contentType.toLowerCase(java.util.Locale.ROOT).contains("json")) {
            failWithJsonInsteadOfStream(endpoint, response, done, observer);
            return;
        }
        opened.set(true);
        listener.onOpen(new SseListener.StreamFlow() {
            public void pause() {
                response.pause();
            }

            public void resume() {
                response.resume();
            }

            public void cancel() {
                request.reset();
                done.cancel(false);
            }
        });
        AtomicBoolean sawDone = new AtomicBoolean();
        RecordParser lines = RecordParser.newDelimited("\n", line -> {
            String text = line.toString();
            if (text.endsWith("\r")) {
                text = text.substring(0, text.length() - 1);
            }
            if (!text.startsWith("data:") || done.isDone()) {
                return; // blank separators and ": comment" keep-alives carry nothing
            }
            String data = text.substring(5).trim();
            if (data.equals("[DONE]")) {
                sawDone.set(true);
                done.complete(null);
            } else if (!data.isEmpty()) {
                try {
                    listener.onData(data);
                } catch (RuntimeException e) {
                    done.completeExceptionally(e);
                }
            }
        });
        response.handler(read -> {
            listener.onReadStart();
            try {
                lines.handle(read);
            } finally {
                listener.onReadEnd();
            }
        });
        response.exceptionHandler(e -> done.completeExceptionally(failure(endpoint, e, false)));
        response.endHandler(v -> {
            if (!sawDone.get()) {
                done.completeExceptionally(new UpstreamFailure(
                        endpoint.name() + " ended the stream without [DONE] (truncated)", 502, false, null));
            }
        });
    }

    /** Non-streaming chat completion; returns the upstream JSON. */
    public CompletableFuture<JsonNode> complete(UpstreamEndpoint endpoint, ObjectNode body) {
        CompletableFuture<JsonNode> done = new CompletableFuture<>();
        client().request(post(endpoint, "application/json"))
                .onFailure(e -> done.completeExceptionally(connectFailure(endpoint, e)))
                .onSuccess(request -> {
                    done.whenComplete((v, e) -> {
                        if (e instanceof java.util.concurrent.CancellationException) {
                            request.reset();
                        }
                    });
                    request.send(Buffer.buffer(Json.bytes(body)))
                            .onFailure(e -> done.completeExceptionally(failure(endpoint, e, true)))
                            .onSuccess(response -> {
                                if (response.statusCode() != 200) {
                                    failWithBody(endpoint, response, done, null);
                                    return;
                                }
                                response.body()
                                        .onFailure(e -> done.completeExceptionally(failure(endpoint, e, true)))
                                        .onSuccess(buffer -> {
                                            try {
                                                done.complete(Json.MAPPER.readTree(buffer.getBytes()));
                                            } catch (java.io.IOException e) {
                                                done.completeExceptionally(new UpstreamFailure(
                                                        endpoint.name() + " sent invalid JSON", 502, true, null));
                                            }
                                        });
                            });
                });
        return done;
    }

    /** GET /health; completes with the status code, or 0 when unreachable. */
    public CompletableFuture<Integer> health(UpstreamEndpoint endpoint, long timeoutMs) {
        CompletableFuture<Integer> done = new CompletableFuture<>();
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET)
                .setAbsoluteURI(endpoint.baseUri().resolve("/health").toString()).setIdleTimeout(timeoutMs);
        client().request(options)
                .compose(HttpClientRequest::send)
                .compose(response -> response.body().map(b -> response.statusCode()))
                .onComplete(result -> done.complete(result.succeeded() ? result.result() : 0));
        return done;
    }

    private RequestOptions post(UpstreamEndpoint endpoint, String accept) {
        return post(endpoint, accept, null);
    }

    private RequestOptions post(UpstreamEndpoint endpoint, String accept, CallOptions extras) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST)
                .setIdleTimeout(idleTimeoutMs)
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", accept);
        if (extras != null && extras.chatUrl() != null) {
            options.setAbsoluteURI(extras.chatUrl().toString());
        } else {
            options.setAbsoluteURI(endpoint.chatUrl());
        }
        if (endpoint.apiKey() != null && !endpoint.apiKey().isBlank()) {
            options.putHeader("Authorization", "Bearer " + endpoint.apiKey());
        }
        if (extras != null && extras.headers() != null) {
            extras.headers().forEach(options::putHeader);
        }
        return options;
    }

    /**
     * A 200 whose body is JSON instead of an event stream: OpenRouter reports early provider errors this way
     * ({"error":{"code":502,"message":…}}). Fails with the error's code (when it is an HTTP status) and message.
     */
    private static void failWithJsonInsteadOfStream(UpstreamEndpoint endpoint, HttpClientResponse response,
                                                    CompletableFuture<?> done, ResponseObserver observer) {
        response.body().onComplete(body -> {
            String text = body.succeeded() ? body.result().toString() : "";
            if (observer != null) {
                observer.onErrorBody(200, text);
            }
            JsonNode error;
            try {
                error = Json.MAPPER.readTree(text).path("error");
            } catch (java.io.IOException | RuntimeException e) {
                error = Json.MAPPER.missingNode();
            }
            int code = error.path("code").canConvertToInt() ? error.path("code").asInt() : 0;
            int status = code >= 400 && code <= 599 ? code : 502;
            String detail = error.path("message").isTextual() ? error.path("message").asText()
                    : "a JSON body instead of an event stream: " + abbreviate(text);
            done.completeExceptionally(new UpstreamFailure(endpoint.name() + " answered HTTP 200 with an error: " + detail,
                    status, true, null));
        });
    }

    private static String abbreviate(String text) {
        return text.length() > MAX_ERROR_BODY_CHARS ? text.substring(0, MAX_ERROR_BODY_CHARS) + "..." : text;
    }

    private static void failWithBody(UpstreamEndpoint endpoint, HttpClientResponse response, CompletableFuture<?> done,
                                     ResponseObserver observer) {
        int status = response.statusCode();
        Integer retryAfter = parseRetryAfter(response.getHeader("Retry-After"));
        response.body().onComplete(body -> {
            String text = body.succeeded() ? body.result().toString() : "";
            if (observer != null) {
                observer.onErrorBody(status, text);
            }
            String detail = text.length() > MAX_ERROR_BODY_CHARS ? text.substring(0, MAX_ERROR_BODY_CHARS) + "..." : text;
            done.completeExceptionally(new UpstreamFailure(
                    endpoint.name() + " answered HTTP " + status + (detail.isBlank() ? "" : ": " + detail),
                    status, true, retryAfter));
        });
    }

    private static Integer parseRetryAfter(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static UpstreamFailure connectFailure(UpstreamEndpoint endpoint, Throwable e) {
        return new UpstreamFailure(endpoint.name() + " unreachable: " + describe(e), 0, true, null);
    }

    private static UpstreamFailure failure(UpstreamEndpoint endpoint, Throwable e, boolean beforeFirstByte) {
        if (e instanceof UpstreamFailure failure) {
            return failure;
        }
        return new UpstreamFailure(endpoint.name() + " failed: " + describe(e), 0, beforeFirstByte, null);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }

    @Override
    public void close() {
        offLoopClient.close();
        loopClients.values().forEach(HttpClient::close);
    }
}
