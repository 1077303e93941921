package com.cascade4arm.routes.upstream;

import com.cascade4arm.routes.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Talks the llama-server HTTP API to one endpoint over Vert.x's non-blocking client, so a stream costs no thread
 * while tokens trickle in; camel-http buffers bodies and retries 429 behind our back (NOTES), which a relay can't have.
 */
public final class UpstreamClient implements AutoCloseable {
    public static final String CHAT_PATH = "/v1/chat/completions";
    private static final int MAX_ERROR_BODY_CHARS = 300;

    private final HttpClient client;
    private final long idleTimeoutMs;

    public UpstreamClient(Vertx vertx, int connectTimeoutMs, long idleTimeoutMs, int maxConnectionsPerEndpoint) {
        HttpClientOptions options = new HttpClientOptions()
                .setConnectTimeout(connectTimeoutMs)
                .setKeepAlive(true)
                .setTcpNoDelay(true)
                .setDecompressionSupported(false);
        this.client = vertx.createHttpClient(options, new PoolOptions().setHttp1MaxSize(maxConnectionsPerEndpoint)
                .setMaxWaitQueueSize(4 * maxConnectionsPerEndpoint));
        this.idleTimeoutMs = idleTimeoutMs;
    }

    /** Streams a chat completion; the future completes when [DONE] arrives and fails with {@link UpstreamFailure}. */
    public CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, SseListener listener) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        AtomicBoolean opened = new AtomicBoolean();
        client.request(post(endpoint, "text/event-stream"))
                .onFailure(e -> done.completeExceptionally(connectFailure(endpoint, e)))
                .onSuccess(request -> {
                    done.whenComplete((v, e) -> {
                        if (e instanceof java.util.concurrent.CancellationException) {
                            request.reset();
                        }
                    });
                    request.send(Buffer.buffer(Json.bytes(body)))
                            .onFailure(e -> done.completeExceptionally(failure(endpoint, e, !opened.get())))
                            .onSuccess(response -> relay(endpoint, request, response, listener, done, opened));
                });
        return done;
    }

    private void relay(UpstreamEndpoint endpoint, HttpClientRequest request, HttpClientResponse response,
                       SseListener listener, CompletableFuture<Void> done, AtomicBoolean opened) {
        if (response.statusCode() != 200) {
            failWithBody(endpoint, response, done);
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
        response.handler(lines);
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
        client.request(post(endpoint, "application/json"))
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
                                    failWithBody(endpoint, response, done);
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
        client.request(options)
                .compose(HttpClientRequest::send)
                .compose(response -> response.body().map(b -> response.statusCode()))
                .onComplete(result -> done.complete(result.succeeded() ? result.result() : 0));
        return done;
    }

    private RequestOptions post(UpstreamEndpoint endpoint, String accept) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST)
                .setAbsoluteURI(endpoint.baseUri().resolve(CHAT_PATH).toString())
                .setIdleTimeout(idleTimeoutMs)
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", accept);
        if (endpoint.apiKey() != null && !endpoint.apiKey().isBlank()) {
            options.putHeader("Authorization", "Bearer " + endpoint.apiKey());
        }
        return options;
    }

    private static void failWithBody(UpstreamEndpoint endpoint, HttpClientResponse response, CompletableFuture<?> done) {
        int status = response.statusCode();
        Integer retryAfter = parseRetryAfter(response.getHeader("Retry-After"));
        response.body().onComplete(body -> {
            String text = body.succeeded() ? body.result().toString() : "";
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
        client.close();
    }
}
