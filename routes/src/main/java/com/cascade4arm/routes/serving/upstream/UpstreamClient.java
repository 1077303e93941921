package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Talks the llama-server HTTP API over Vert.x's non-blocking client, so a stream costs no thread while tokens trickle
 * in, and a slow client pauses the upstream (backpressure) instead of buffering it. A request that fails on a reused
 * keep-alive connection before any answer byte (the server had closed it) is sent once more on a fresh connection and
 * is nobody's failure; an endpoint seen closing its connection after each stream (llama-server does, without saying
 * {@code Connection: close}) gets a fresh connection for every stream from then on.
 */
public final class UpstreamClient implements Upstream, AutoCloseable {
    public static final String CHAT_PATH = "/v1/chat/completions";
    /** Below llama-server's 5 s keep-alive timeout, so we drop an idle connection before the server does. */
    public static final int KEEP_ALIVE_TIMEOUT_SECONDS = 4;
    private static final Logger LOG = LoggerFactory.getLogger(UpstreamClient.class);
    private static final int MAX_ERROR_BODY_CHARS = 300;
    /** A close this soon after a stream's end is the server's doing: ours come after seconds idle, or before the end. */
    private static final long CLOSED_AFTER_STREAM_NANOS = 500_000_000L;

    private final Vertx vertx;
    private final HttpClientOptions options;
    private final PoolOptions pool;
    private final Map<Thread, HttpClient> loopClients = new ConcurrentHashMap<>();
    private final Map<Thread, HttpClient> freshClients = new ConcurrentHashMap<>();
    private final HttpClient offLoopClient;
    private final HttpClient offLoopFreshClient;
    private final long idleTimeoutMs;
    /** Set by {@link #close}: the connections closing then are ours, and teach nothing about the endpoints. */
    private volatile boolean closing;

    public UpstreamClient(Vertx vertx, int connectTimeoutMs, long idleTimeoutMs, int maxConnectionsPerEndpoint) {
        this.vertx = vertx;
        this.options = new HttpClientOptions()
                .setConnectTimeout(connectTimeoutMs)
                .setKeepAlive(true)
                .setKeepAliveTimeout(KEEP_ALIVE_TIMEOUT_SECONDS)
                .setTcpNoDelay(true)
                .setDecompressionSupported(false);
        this.pool = new PoolOptions().setHttp1MaxSize(maxConnectionsPerEndpoint)
                .setMaxWaitQueueSize(4 * maxConnectionsPerEndpoint);
        this.offLoopClient = vertx.createHttpClient(options, pool);
        this.offLoopFreshClient = vertx.createHttpClient(new HttpClientOptions(options).setKeepAlive(false), pool);
        this.idleTimeoutMs = idleTimeoutMs;
    }

    /**
     * The calling event loop's own client: Vert.x 4 lends a pooled connection to any caller, and a connection made on
     * another loop (e.g. by the health timer) costs two thread hand-offs per request (measured: +0.17 ms of CPU).
     */
    private HttpClient client(boolean fresh) {
        Context context = Vertx.currentContext();
        if (context == null || !context.isEventLoopContext() || context.owner() != vertx) {
            return fresh ? offLoopFreshClient : offLoopClient;
        }
        return fresh
                ? freshClients.computeIfAbsent(Thread.currentThread(), t -> vertx.createHttpClient(
                        new HttpClientOptions(options).setKeepAlive(false), pool))
                : loopClients.computeIfAbsent(Thread.currentThread(), t -> vertx.createHttpClient(options, pool));
    }

    @Override
    public CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, SseListener listener) {
        return stream(endpoint, body, Map.of(), listener);
    }

    @Override
    public CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, Map<String, String> headers,
                                          SseListener listener) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        send(endpoint, Buffer.buffer(Json.bytes(body)), post(endpoint, "text/event-stream", headers),
                endpoint.closesAfterStreams(), true, done, (request, response) -> relay(endpoint, request, response, listener, done));
        return done;
    }

    /** {@link #stream} to {@code path} of the endpoint (e.g. /v1/completions). */
    public CompletableFuture<Void> stream(UpstreamEndpoint endpoint, String path, ObjectNode body,
                                          Map<String, String> headers, SseListener listener) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        send(endpoint, Buffer.buffer(Json.bytes(body)), post(endpoint, "text/event-stream", headers)
                        .setAbsoluteURI(endpoint.baseUri().resolve(path).toString()),
                endpoint.closesAfterStreams(), true, done, (request, response) -> relay(endpoint, request, response, listener, done));
        return done;
    }

    @Override
    public CompletableFuture<JsonNode> complete(UpstreamEndpoint endpoint, ObjectNode body) {
        return complete(endpoint, body, Map.of());
    }

    @Override
    public CompletableFuture<JsonNode> complete(UpstreamEndpoint endpoint, ObjectNode body, Map<String, String> headers) {
        return postJson(endpoint, post(endpoint, "application/json", headers), body);
    }

    /** POST {@code body} to {@code path} of the endpoint (e.g. /v1/embeddings); its JSON answer, as {@link #complete}. */
    public CompletableFuture<JsonNode> complete(UpstreamEndpoint endpoint, String path, ObjectNode body,
                                                Map<String, String> headers) {
        return postJson(endpoint, post(endpoint, "application/json", headers)
                .setAbsoluteURI(endpoint.baseUri().resolve(path).toString()), body);
    }

    private CompletableFuture<JsonNode> postJson(UpstreamEndpoint endpoint, RequestOptions post, ObjectNode body) {
        CompletableFuture<JsonNode> done = new CompletableFuture<>();
        send(endpoint, Buffer.buffer(Json.bytes(body)), post, false, false, done,
                (request, response) -> {
            if (response.statusCode() != 200) {
                failWithBody(endpoint, response, done);
                return;
            }
            response.body()
                    .onFailure(e -> done.completeExceptionally(failure(endpoint, e, true)))
                    .onSuccess(buffer -> {
                        try {
                            done.complete(Json.MAPPER.readTree(buffer.getBytes()));
                        } catch (IOException e) {
                            done.completeExceptionally(new UpstreamFailure(endpoint.name() + " sent invalid JSON", 502, true, null));
                        }
                    });
        });
        return done;
    }

    /**
     * Sends one POST; {@code fresh} asks for a new connection. A request that a reused connection lost before any
     * answer byte (as it went out, or already as the pool lent the connection) is sent again, once, on a fresh one (for
     * a stream the endpoint is then known to close after streams).
     */
    private void send(UpstreamEndpoint endpoint, Buffer payload, RequestOptions post, boolean fresh, boolean stream,
                      CompletableFuture<?> done, BiConsumer<HttpClientRequest, HttpClientResponse> onResponse) {
        client(fresh).request(new RequestOptions(post))
                .onFailure(e -> {
                    // the pool lent a connection the server was closing (llama-server, right after a stream)
                    if (!fresh && lostBeforeAnswer(e) && !done.isDone()) {
                        send(endpoint, payload, post, true, stream, done, onResponse);
                    } else {
                        done.completeExceptionally(connectFailure(endpoint, e));
                    }
                })
                .onSuccess(request -> {
                    done.whenComplete((v, e) -> {
                        if (e instanceof CancellationException) {
                            request.reset();
                        }
                    });
                    request.send(payload)
                            .onSuccess(response -> onResponse.accept(request, response))
                            .onFailure(e -> {
                                if (!fresh && lostBeforeAnswer(e) && !done.isDone()) {
                                    if (stream && endpoint.learnClosesAfterStreams()) {
                                        LOG.info("{} closes its connection after each streamed answer: every stream to it"
                                                + " gets a fresh connection from now on", endpoint);
                                    }
                                    send(endpoint, payload, post, true, stream, done, onResponse);
                                } else {
                                    done.completeExceptionally(failure(endpoint, e, true));
                                }
                            });
                });
    }

    /** The server closed (or reset) a keep-alive connection before a byte of the answer: not a failure of the request. */
    static boolean lostBeforeAnswer(Throwable e) {
        return e instanceof HttpClosedException
                || (e instanceof IOException && e.getMessage() != null && e.getMessage().contains("Connection reset"));
    }

    private void relay(UpstreamEndpoint endpoint, HttpClientRequest request, HttpClientResponse response,
                       SseListener listener, CompletableFuture<Void> done) {
        if (response.statusCode() != 200) {
            failWithBody(endpoint, response, done);
            return;
        }
        String contentType = response.getHeader("Content-Type");
        if (contentType != null && contentType.toLowerCase(Locale.ROOT).contains("json")) {
            failWithJsonInsteadOfStream(endpoint, response, done);
            return;
        }
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
        SseStreamReader reader = new SseStreamReader(endpoint.name(), listener, done, request::reset);
        response.handler(reader::read);
        response.exceptionHandler(e -> done.completeExceptionally(failure(endpoint, e, false)));
        response.endHandler(v -> {
            reader.end();
            if (!endpoint.closesAfterStreams()) {
                learnFromClose(endpoint, request);
            }
        });
    }

    /**
     * A kept-alive connection the server closes right after a stream is how llama-server ends every stream: learnt
     * here, the next stream goes on a fresh connection instead of racing that close with the next request.
     */
    private void learnFromClose(UpstreamEndpoint endpoint, HttpClientRequest request) {
        long ended = System.nanoTime();
        request.connection().closeHandler(closed -> {
            if (!closing && System.nanoTime() - ended < CLOSED_AFTER_STREAM_NANOS
                    && endpoint.learnClosesAfterStreams()) {
                LOG.info("{} closed its connection right after a streamed answer: every stream to it gets a fresh"
                        + " connection from now on", endpoint);
            }
        });
    }

    /** GET /health; completes with the status code, or 0 when unreachable. */
    public CompletableFuture<Integer> health(UpstreamEndpoint endpoint, long timeoutMs) {
        CompletableFuture<Integer> done = new CompletableFuture<>();
        // The connect timeout also bounds waiting for a pooled connection (busy with streams, or never handed over).
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET)
                .setAbsoluteURI(endpoint.baseUri().resolve("/health").toString())
                .setConnectTimeout(timeoutMs).setIdleTimeout(timeoutMs);
        // Nested, so body() is asked for as the head arrives whichever thread calls (chained, it can miss the end)
        client(false).request(options)
                .compose(request -> request.send().compose(response -> response.body()
                        .map(b -> response.statusCode())))
                .onComplete(result -> done.complete(result.succeeded() ? result.result() : 0));
        return done;
    }

    /**
     * GET /props as JSON; completes with an empty object when it answers without 200 JSON, with null when it does not
     * answer at all (refused, reset, timed out): then what the server can do is still unknown.
     */
    public CompletableFuture<JsonNode> props(UpstreamEndpoint endpoint, long timeoutMs) {
        CompletableFuture<JsonNode> done = new CompletableFuture<>();
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET)
                .setAbsoluteURI(endpoint.baseUri().resolve("/props").toString())
                .setConnectTimeout(timeoutMs).setIdleTimeout(timeoutMs);
        if (endpoint.apiKey() != null && !endpoint.apiKey().isBlank()) {
            options.putHeader("Authorization", "Bearer " + endpoint.apiKey());
        }
        client(false).request(options)
                .compose(request -> request.send().compose(response -> response.body()
                        .map(b -> response.statusCode() == 200 ? b : null)))
                .onComplete(result -> {
                    try {
                        done.complete(result.failed() ? null : result.result() != null
                                ? Json.MAPPER.readTree(result.result().getBytes()) : Json.object());
                    } catch (IOException | RuntimeException e) {
                        done.complete(Json.object());
                    }
                });
        return done;
    }

    private RequestOptions post(UpstreamEndpoint endpoint, String accept, Map<String, String> headers) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST)
                .setIdleTimeout(idleTimeoutMs)
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", accept)
                .setAbsoluteURI(endpoint.chatUrl());
        if (endpoint.apiKey() != null && !endpoint.apiKey().isBlank()) {
            options.putHeader("Authorization", "Bearer " + endpoint.apiKey());
        }
        headers.forEach(options::putHeader);
        return options;
    }

    /** A 200 whose body is JSON instead of an event stream: an error reported early ({"error":{"code","message"}}). */
    private static void failWithJsonInsteadOfStream(UpstreamEndpoint endpoint, HttpClientResponse response,
                                                    CompletableFuture<?> done) {
        response.body().onComplete(body -> {
            String text = body.succeeded() ? body.result().toString() : "";
            JsonNode error;
            try {
                error = Json.MAPPER.readTree(text).path("error");
            } catch (IOException | RuntimeException e) {
                error = Json.MAPPER.missingNode();
            }
            int code = error.path("code").canConvertToInt() ? error.path("code").asInt() : 0;
            int status = code >= 400 && code <= 599 ? code : 502;
            String detail = error.path("message").isTextual() ? error.path("message").asText()
                    : "a JSON body instead of an event stream: " + abbreviate(text);
            String reason = UpstreamErrorText.reason(text);
            done.completeExceptionally(new UpstreamFailure(endpoint.name() + " answered HTTP 200 with an error: " + detail,
                    endpoint.name() + " answered HTTP 200 with an error" + (reason.isBlank() ? "" : ": " + reason),
                    status, true, null));
        });
    }

    private static void failWithBody(UpstreamEndpoint endpoint, HttpClientResponse response, CompletableFuture<?> done) {
        int status = response.statusCode();
        Integer retryAfter = parseRetryAfter(response.getHeader("Retry-After"));
        response.body().onComplete(body -> {
            String text = body.succeeded() ? body.result().toString() : "";
            String detail = abbreviate(text);
            String reason = UpstreamErrorText.reason(text);
            done.completeExceptionally(new UpstreamFailure(
                    endpoint.name() + " answered HTTP " + status + (detail.isBlank() ? "" : ": " + detail),
                    endpoint.name() + " answered HTTP " + status + (reason.isBlank() ? "" : ": " + reason),
                    status, true, retryAfter, RequestFault.reason(status, text)));
        });
    }

    private static String abbreviate(String text) {
        return text.length() > MAX_ERROR_BODY_CHARS ? text.substring(0, MAX_ERROR_BODY_CHARS) + "..." : text;
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

    /** Nothing accepted the connection (refused, unreachable, timed out): the endpoint is down. */
    private static UpstreamFailure connectFailure(UpstreamEndpoint endpoint, Throwable e) {
        return new UpstreamFailure(endpoint.name() + " unreachable: " + describe(e),
                endpoint.name() + " unreachable (" + UpstreamErrorText.kind(e) + ")", 0, true, null);
    }

    private static UpstreamFailure failure(UpstreamEndpoint endpoint, Throwable e, boolean beforeFirstByte) {
        if (e instanceof UpstreamFailure failure) {
            return failure;
        }
        return new UpstreamFailure(endpoint.name() + " failed: " + describe(e),
                endpoint.name() + " failed (" + UpstreamErrorText.kind(e) + ")", 0, beforeFirstByte, null);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }

    @Override
    public void close() {
        closing = true;
        offLoopClient.close();
        offLoopFreshClient.close();
        loopClients.values().forEach(HttpClient::close);
        freshClients.values().forEach(HttpClient::close);
    }
}
