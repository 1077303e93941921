package com.cascade4arm.bench.client;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.SseDecoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sends streaming chat completions to one OpenAI-compatible base URL (gateway, llama-server or baseline) over
 * HTTP/1.1 on Vert.x's client ({@link BenchHttp}) and measures each one (see {@link ChatStreamParser}): each event is
 * timed on the event loop as its bytes arrive. Never throws for upstream failures: they become {@link StreamResult}s
 * with a status and an error. {@link #cancelAll()} aborts in-flight requests and refuses new ones.
 */
public final class StreamingChatClient {

    public static final long DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
    public static final long DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
    private static final int MAX_ERROR_BODY_BYTES = 64 * 1024;
    /** Sends of one request when the connection it went out on was already closed by the server. */
    static final int MAX_SENDS = 3;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final BenchHttp http;
    private final URI completionsUri;
    private final String apiKey;
    private final long requestTimeoutMs;
    private final Set<InFlightCall> inFlight = ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;

    /**
     * On the process's own small Vert.x (the CLI, the tools); a gateway passes its own with the other constructor.
     *
     * @param baseUrl e.g. {@code http://127.0.0.1:8080} (a trailing {@code /v1} is accepted); apiKey may be null
     */
    public StreamingChatClient(String baseUrl, String apiKey, long requestTimeoutMs) {
        this(BenchHttp.standalone(), baseUrl, apiKey, requestTimeoutMs);
    }

    /** @param http the Vert.x client the requests go out on (the gateway's: {@link BenchHttp#on}) */
    public StreamingChatClient(BenchHttp http, String baseUrl, String apiKey, long requestTimeoutMs) {
        this.http = http;
        this.completionsUri = completionsUri(baseUrl);
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
        this.requestTimeoutMs = requestTimeoutMs;
    }

    /**
     * Sees every JSON event of an answer (each chunk, or a whole non-streamed completion), on the event loop as it
     * arrives, with its arrival time: for a caller that needs fields {@link StreamResult} does not keep (the
     * multi-turn suite's prompt and cached tokens, llama-server's timings, the cascade's endpoint).
     */
    @FunctionalInterface
    public interface EventListener {
        void onEvent(JsonNode event, long nowNanos);
    }

    /** Sends one streaming request and blocks until it completes, fails, times out or is cancelled. */
    public StreamResult stream(ChatRequest request) {
        return stream(request, null);
    }

    /** As {@link #stream(ChatRequest)}, every event of the answer also shown to {@code listener} (may be null). */
    public StreamResult stream(ChatRequest request, EventListener listener) {
        InFlightCall call = new InFlightCall(System.nanoTime(), listener);
        inFlight.add(call);
        long timer = http.vertx().setTimer(requestTimeoutMs, id -> call.abort("timeout after " + requestTimeoutMs + " ms"));
        try {
            if (cancelled) {
                call.abort(StreamResult.CANCELLED);
            } else {
                send(call, Buffer.buffer(request.toJson().toString(), StandardCharsets.UTF_8.name()), 1);
            }
            return call.await();
        } finally {
            http.vertx().cancelTimer(timer);
            inFlight.remove(call);
        }
    }

    /**
     * Sends the request; when a pooled connection turns out closed before any byte of an answer came back (as the
     * request is sent, or already as the pool lends it), sends it again (at most {@value #MAX_SENDS} times).
     * llama-server closes the connection after every streamed answer while announcing keep-alive, and the close can
     * arrive as the next request is taking that connection, or after it went out on it: Vert.x
     * then fails it with {@link HttpClosedException} and does not send a POST again itself. The request never reached
     * a live server, so sending it again is safe; its time counts from the first send.
     */
    private void send(InFlightCall call, Buffer body, int send) {
        http.client().request(requestOptions())
                .onFailure(e -> {
                    // the pool lent a connection the server closed as it was taken (seen back to back after a stream)
                    if (send < MAX_SENDS && call.reason() == null && closedBeforeAnswer(e)) {
                        send(call, body, send + 1);
                    } else {
                        call.finish(failed(0, describe(e), call));
                    }
                })
                .onSuccess(request -> {
                    if (!call.attach(request)) {
                        return;
                    }
                    request.send(body)
                            .onSuccess(response -> read(call, request, response))
                            .onFailure(e -> {
                                if (send < MAX_SENDS && call.reason() == null && closedBeforeAnswer(e)) {
                                    send(call, body, send + 1);
                                } else {
                                    call.finish(failed(0, describe(e), call));
                                }
                            });
                });
    }

    /** A connection the server had closed: nothing of an answer arrived (Vert.x's close, or a reset on send). */
    static boolean closedBeforeAnswer(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpClosedException || cause instanceof java.io.EOFException
                    || String.valueOf(cause.getMessage()).contains("Connection reset")) {
                return true;
            }
        }
        return false;
    }

    /** Aborts every in-flight request (they return {@code cancelled}) and makes later calls return at once. */
    public void cancelAll() {
        cancelled = true;
        inFlight.forEach(call -> call.abort(StreamResult.CANCELLED));
    }

    /** Reads the answer as it arrives, on the event loop: an error body, a whole JSON completion or an event stream. */
    private void read(InFlightCall call, HttpClientRequest request, HttpClientResponse response) {
        int status = response.statusCode();
        response.exceptionHandler(e -> call.finish(failed(0, describe(e), call)));
        if (status < 200 || status >= 300) {
            Buffer body = Buffer.buffer();
            response.handler(chunk -> body.appendBuffer(chunk, 0, Math.min(chunk.length(),
                    MAX_ERROR_BODY_BYTES - body.length())));
            response.endHandler(end -> call.finish(failed(status, ErrorBodies.forStatus(status,
                    body.toString(StandardCharsets.UTF_8)), call)));
            return;
        }
        ChatStreamParser parser = new ChatStreamParser(call.startNanos()).listen(call.listener());
        parser.routing(response.getHeader("X-Cascade-Route"), response.getHeader("X-Cascade-Rule"),
                response.getHeader("X-Cascade-Rules-Version"));
        String contentType = response.getHeader("Content-Type");
        if (contentType != null && contentType.contains("application/json")) {
            response.body().onSuccess(body -> {
                try {
                    parser.onEvent(MAPPER.readTree(body.getBytes()), System.nanoTime());
                    parser.markDone();
                    call.finish(parser.result(status, System.nanoTime()));
                } catch (IOException e) {
                    call.finish(failed(0, describe(e), call));
                }
            }).onFailure(e -> call.finish(failed(0, describe(e), call)));
            return;
        }
        SseDecoder decoder = new SseDecoder(data -> parser.onData(data, System.nanoTime()));
        response.handler(chunk -> {
            try {
                byte[] bytes = chunk.getBytes();
                decoder.feed(bytes, 0, bytes.length);
            } catch (SseDecoder.TooLong e) {
                tooLong(call, parser, status, e);
                request.reset();
            }
        });
        response.endHandler(end -> {
            try {
                decoder.end();
            } catch (SseDecoder.TooLong e) {
                tooLong(call, parser, status, e);
            }
            call.finish(parser.result(status, System.nanoTime()));
        });
    }

    private static void tooLong(InFlightCall call, ChatStreamParser parser, int status, SseDecoder.TooLong e) {
        parser.onStreamError(e.getMessage());
        call.finish(parser.result(status, System.nanoTime()));
    }

    private RequestOptions requestOptions() {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST)
                .setAbsoluteURI(completionsUri.toString())
                .setConnectTimeout(Math.min(DEFAULT_CONNECT_TIMEOUT_MS, requestTimeoutMs))
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", "text/event-stream");
        if (apiKey != null) {
            options.putHeader("Authorization", "Bearer " + apiKey);
        }
        return options;
    }

    private static StreamResult failed(int status, String error, InFlightCall call) {
        return StreamResult.failed(status, error, ChatStreamParser.ms(System.nanoTime() - call.startNanos()), false);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    static URI completionsUri(String baseUrl) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        base = base.endsWith("/v1") ? base.substring(0, base.length() - 3) : base;
        return URI.create(base + "/v1/chat/completions");
    }
}
