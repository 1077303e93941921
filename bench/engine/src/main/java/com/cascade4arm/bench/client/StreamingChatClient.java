package com.cascade4arm.bench.client;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.SseDecoder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Sends streaming chat completions to one OpenAI-compatible base URL (gateway, llama-server or baseline) over
 * HTTP/1.1 and measures each one (see {@link ChatStreamParser}). Never throws for upstream failures: they become
 * {@link StreamResult}s with a status and an error. {@link #cancelAll()} aborts in-flight requests and refuses new ones.
 */
public final class StreamingChatClient {

    public static final long DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
    public static final long DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
    private static final int MAX_ERROR_BODY_BYTES = 64 * 1024;
    /** Sends of one request when the connection it went out on was already closed by the server. */
    static final int MAX_SENDS = 3;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ScheduledExecutorService TIMER = timer();

    private final URI completionsUri;
    private final String apiKey;
    private final long requestTimeoutMs;
    private final HttpClient http;
    private final Set<InFlightCall> inFlight = ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;

    /** @param baseUrl e.g. {@code http://127.0.0.1:8080} (a trailing {@code /v1} is accepted); apiKey may be null */
    public StreamingChatClient(String baseUrl, String apiKey, long requestTimeoutMs) {
        this.completionsUri = completionsUri(baseUrl);
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
        this.requestTimeoutMs = requestTimeoutMs;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(Math.min(DEFAULT_CONNECT_TIMEOUT_MS, requestTimeoutMs)))
                .build();
    }

    /** Sends one streaming request and blocks until it completes, fails, times out or is cancelled. */
    public StreamResult stream(ChatRequest request) {
        long start = System.nanoTime();
        InFlightCall call = new InFlightCall();
        inFlight.add(call);
        ScheduledFuture<?> timer = TIMER.schedule(() -> call.abort("timeout after " + requestTimeoutMs + " ms"),
                requestTimeoutMs, TimeUnit.MILLISECONDS);
        try {
            if (cancelled) {
                call.abort(StreamResult.CANCELLED);
                return aborted(call, start);
            }
            HttpResponse<InputStream> response = send(call, httpRequest(request));
            call.attach(response.body());
            StreamResult result = read(response, start);
            return result.ok() || call.reason() == null ? result : aborted(call, start);
        } catch (CancellationException | IOException e) {
            return call.reason() != null ? aborted(call, start) : failed(0, describe(e), start);
        } catch (ExecutionException e) {
            return call.reason() != null ? aborted(call, start) : failed(0, describe(e.getCause()), start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.abort(StreamResult.CANCELLED);
            return aborted(call, start);
        } finally {
            timer.cancel(false);
            inFlight.remove(call);
            call.closeBody();
        }
    }

    /**
     * Sends the request; when a pooled connection turns out closed before any byte of an answer came back, sends it
     * again on another (at most {@value #MAX_SENDS} times). llama-server closes the connection after every streamed
     * answer while announcing keep-alive, and the close can arrive after the next request went out on that connection:
     * the JDK client then fails with "header parser received no bytes" and does not retry a POST itself. The request
     * never reached a live server, so sending it again is safe; its time counts from the first send.
     */
    private HttpResponse<InputStream> send(InFlightCall call, HttpRequest request)
            throws IOException, InterruptedException, ExecutionException {
        for (int send = 1; ; send++) {
            try {
                return call.await(http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream()));
            } catch (ExecutionException e) {
                if (send == MAX_SENDS || call.reason() != null || !closedBeforeAnswer(e.getCause())) {
                    throw e;
                }
            }
        }
    }

    /** A connection the server had closed: nothing of an answer arrived (the JDK's message, or a reset/EOF on send). */
    static boolean closedBeforeAnswer(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (cause.getClass().getSimpleName().equals("ConnectionExpiredException")
                    || message.contains("header parser received no bytes")
                    || cause instanceof java.io.EOFException
                    || message.contains("Connection reset")) {
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

    private StreamResult read(HttpResponse<InputStream> response, long start) throws IOException {
        int status = response.statusCode();
        if (status < 200 || status >= 300) {
            String body = new String(response.body().readNBytes(MAX_ERROR_BODY_BYTES), StandardCharsets.UTF_8);
            return failed(status, ErrorBodies.forStatus(status, body), start);
        }
        ChatStreamParser parser = new ChatStreamParser(start);
        parser.routing(header(response, "X-Cascade-Route"), header(response, "X-Cascade-Rule"),
                header(response, "X-Cascade-Rules-Version"));
        String contentType = header(response, "Content-Type");
        if (contentType != null && contentType.contains("application/json")) {
            parser.onEvent(MAPPER.readTree(response.body()), System.nanoTime());
            parser.markDone();
            return parser.result(status, System.nanoTime());
        }
        try (InputStream body = response.body()) {
            new SseDecoder(data -> parser.onData(data, System.nanoTime())).read(body, () -> false);
        } catch (SseDecoder.TooLong e) {
            parser.onStreamError(e.getMessage());
        }
        return parser.result(status, System.nanoTime());
    }

    private HttpRequest httpRequest(ChatRequest request) {
        ObjectNode body = request.toJson();
        HttpRequest.Builder builder = HttpRequest.newBuilder(completionsUri)
                .timeout(Duration.ofMillis(requestTimeoutMs))
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        return builder.build();
    }

    private static StreamResult aborted(InFlightCall call, long start) {
        String reason = call.reason();
        return StreamResult.failed(0, reason, ChatStreamParser.ms(System.nanoTime() - start),
                StreamResult.CANCELLED.equals(reason));
    }

    private static StreamResult failed(int status, String error, long start) {
        return StreamResult.failed(status, error, ChatStreamParser.ms(System.nanoTime() - start), false);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /** One daemon thread for all request timeouts; cancelled timeouts leave the queue at once. */
    private static ScheduledExecutorService timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "bench-request-timeouts");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    static URI completionsUri(String baseUrl) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        base = base.endsWith("/v1") ? base.substring(0, base.length() - 3) : base;
        return URI.create(base + "/v1/chat/completions");
    }
}
