package com.cascade4arm.routes.serving.http;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.LogText;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;

/**
 * The client's HTTP exchange as routes see it: lets a route answer with JSON or stream SSE straight to the socket
 * (Camel's platform-http writes the response itself once the route returns and buffers stream bodies, so a token
 * stream must be written here, as it arrives).
 */
public final class HttpContext implements ClientChannel {
    private static final Logger LOG = LoggerFactory.getLogger(HttpContext.class);
    private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EVENT_END = "\n\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);
    /** The edge's 503s when it is full (streams, connections): expected under load, like 429. */
    private static final java.util.Set<String> LOAD_SHEDDING_CODES = java.util.Set.of("too_many_streams", "overloaded", "shutting_down");
    /** Exchange property under which routes find the client's HTTP exchange. */
    public static final String PROPERTY = "cascade.http";

    private final HttpServerRequest request;
    private final HttpServerResponse response;
    private final long receivedAtNanos;
    private final AtomicBoolean clientGone = new AtomicBoolean();
    private final List<Runnable> onGone = new CopyOnWriteArrayList<>();
    private final List<BiConsumer<ObjectNode, String>> onAnswered = new CopyOnWriteArrayList<>();
    private final List<IntConsumer> onFinished = new CopyOnWriteArrayList<>();
    /** Whether the one end handler that runs {@link #onFinished} actions is registered. */
    private final AtomicBoolean finished = new AtomicBoolean();
    private volatile io.vertx.ext.web.RoutingContext routing;
    /**
     * SSE events held while corked, so events that arrived together leave in one write (one syscall, one chunk); each
     * encoded straight into it (no byte array per event on the way).
     */
    private ByteBuf corked;
    /** Corked: the first event written starts {@link #corked} (no buffer for a read that brings none). */
    private boolean corking;
    /** An uncork waits for the end of the event loop's turn: the other HTTP chunks of the same socket read join it. */
    private boolean flushScheduled;
    private volatile boolean sseStarted;

    public HttpContext(HttpServerRequest request, long receivedAtNanos) {
        this.request = request;
        this.response = request.response();
        this.receivedAtNanos = receivedAtNanos;
        response.closeHandler(v -> {
            clientGone.set(true);
            onGone.forEach(Runnable::run);
        });
    }

    /** The client's HTTP exchange of {@code exchange} (set by the ingress consumer). */
    public static HttpContext of(org.apache.camel.Exchange exchange) {
        return exchange.getProperty(PROPERTY, HttpContext.class);
    }

    @Override
    public void onDrain(Runnable action) {
        response.drainHandler(v -> action.run());
    }

    /** Runs {@code action} if the client disconnects (e.g. to cancel an upstream generation). */
    @Override
    public void onClientGone(Runnable action) {
        onGone.add(action);
        if (clientGone()) {
            action.run();
        }
    }

    /** Runs {@code action} with each answer's "cascade" object (and its text when not streamed) once it is complete. */
    public void onAnswered(BiConsumer<ObjectNode, String> action) {
        onAnswered.add(action);
    }

    @Override
    public void answered(ObjectNode cascade, String answerText) {
        onAnswered.forEach(action -> action.accept(cascade, answerText));
    }

    /** The router's view of this request: end handlers must go through it (it multiplexes the response's one slot). */
    public void routedBy(io.vertx.ext.web.RoutingContext context) {
        this.routing = context;
    }

    /**
     * Runs {@code action} once with the status the client got when the response ends, or 499 when the connection
     * closed before it ended (nginx's code for it: no answer reached the client in full). Needs {@link #routedBy}:
     * the response has one end-handler slot, which the router's own end handlers (the edge's watchdog) use.
     */
    public void onFinished(IntConsumer action) {
        if (routing == null) {
            return;
        }
        onFinished.add(action);
        if (finished.compareAndSet(false, true)) { // one end handler runs them all (the request log, key settling)
            AtomicBoolean ran = new AtomicBoolean();
            routing.addEndHandler(result -> {
                if (ran.compareAndSet(false, true)) {
                    int status = result.succeeded() ? response.getStatusCode() : 499;
                    onFinished.forEach(each -> each.accept(status));
                }
            });
        }
    }

    public HttpServerRequest request() {
        return request;
    }

    public HttpServerResponse response() {
        return response;
    }

    @Override
    public long receivedAtNanos() {
        return receivedAtNanos;
    }

    @Override
    public boolean clientGone() {
        return clientGone.get() || response.closed();
    }

    /** True once an SSE answer began or the status line went out: from then on failures can only go inside the body. */
    @Override
    public boolean committed() {
        return sseStarted || response.headWritten() || response.ended();
    }

    public String header(String name) {
        return request.getHeader(name);
    }

    public void sendJson(int status, JsonNode body, Map<String, String> headers) {
        send(status, "application/json", Buffer.buffer(Json.bytes(body)), headers);
    }

    /** Answers with {@code body} as it is (unless an answer began or the client left). */
    public void send(int status, String contentType, Buffer body, Map<String, String> headers) {
        if (committed() || clientGone()) {
            return;
        }
        response.setStatusCode(status);
        headers.forEach(response::putHeader);
        response.putHeader("Content-Type", contentType);
        response.end(body);
    }

    /** The id the edge gave this request ({@code X-Request-Id}), "-" when it did not run. */
    public String requestId() {
        String id = response.headers().get(RequestIds.HEADER);
        return id == null ? "-" : id;
    }

    @Override
    public void sendError(ApiError e) {
        logError(e);
        if (committed()) {
            // Mid-stream: the status is gone, so the error becomes the last SSE event.
            writeSseEvent(Json.string(e.toJson()));
            endSse();
            return;
        }
        Map<String, String> headers = e.retryAfterSeconds() == null
                ? Map.of() : Map.of("Retry-After", String.valueOf(e.retryAfterSeconds()));
        sendJson(e.status(), e.toJson(), headers);
    }

    /**
     * Every error answer is one log line with the request id, never a stack trace: client mistakes at INFO, refusals that
     * floods repeat (429, and the edge's 503 load shedding, both counted in /metrics) at DEBUG, the gateway's own trouble
     * (other 5xx) at WARN. Unexpected exceptions are logged, with their
     * trace, where they are caught (a 500 is a bug).
     */
    private void logError(ApiError e) {
        String path = request.path() == null ? request.uri() : request.path();
        // Path and message may quote the client (an unknown field's name): escaped, so no line can be forged.
        Object[] args = {requestId(), request.method(), LogText.safe(path.length() > 120 ? path.substring(0, 117) + "..." : path),
                e.status(), LogText.safe(e.code()), LogText.safe(e.getMessage())};
        if (e.status() == 429 || LOAD_SHEDDING_CODES.contains(e.code())) {
            LOG.debug("{} {} {} -> {} {}: {}", args);
        } else if (e.status() >= 500) {
            LOG.warn("{} {} {} -> {} {}: {}", args);
        } else {
            LOG.info("{} {} {} -> {} {}: {}", args);
        }
    }

    @Override
    public void startSse(Map<String, String> headers) {
        sseStarted = true;
        response.setStatusCode(200);
        response.setChunked(true);
        headers.forEach(response::putHeader);
        response.putHeader("Content-Type", "text/event-stream");
        response.putHeader("Cache-Control", "no-cache");
        response.putHeader("X-Accel-Buffering", "no");
    }

    /** Writes one SSE data event (held back while {@linkplain #cork corked}); returns false when the client is gone. */
    @Override
    public boolean writeSseEvent(String data) {
        if (clientGone() || response.ended()) {
            return false;
        }
        int dataBytes = ByteBufUtil.utf8Bytes(data);
        int bytes = DATA.length + dataBytes + EVENT_END.length;
        // corked, room for a second event of the size: more of the same read usually follow
        ByteBuf event = corked != null ? corked.ensureWritable(bytes) : Unpooled.buffer(corking ? 2 * bytes : bytes);
        event.writeBytes(DATA);
        ByteBufUtil.reserveAndWriteUtf8(event, data, dataBytes);
        event.writeBytes(EVENT_END);
        if (corking) {
            corked = event;
        } else {
            response.write(Buffer.buffer(event));
        }
        return true;
    }

    /** Until {@link #uncork()}, SSE events collect instead of going out one write each. Event loop only. */
    @Override
    public void cork() {
        corking = true;
    }

    /**
     * Writes the events collected since {@link #cork()} in one go, once the event loop has handled the rest of the
     * socket read that brought them: Vert.x hands over each HTTP chunk of a read on its own (llama-server sends an
     * event per chunk), so uncorking at once would write each event that arrived together separately. Off an event
     * loop, at once.
     */
    @Override
    public void uncork() {
        if (flushScheduled) {
            return;
        }
        io.vertx.core.Context context = io.vertx.core.Vertx.currentContext();
        if (context == null || !context.isEventLoopContext()) {
            flushCorked();
            return;
        }
        flushScheduled = true;
        context.runOnContext(v -> {
            flushScheduled = false;
            flushCorked();
        });
    }

    private void flushCorked() {
        ByteBuf events = corked;
        corked = null;
        corking = false;
        if (events != null && events.isReadable() && !clientGone() && !response.ended()) {
            response.write(Buffer.buffer(events));
        }
    }

    /** True while the client's socket has more queued than Vert.x's high-water mark (false once the answer ended). */
    @Override
    public boolean writeQueueFull() {
        return !response.ended() && !clientGone() && response.writeQueueFull();
    }

    /** Ends the stream with [DONE], together with any events still corked. */
    @Override
    public void endSse() {
        ByteBuf events = corked != null ? corked : Unpooled.buffer(DONE.length);
        corked = null;
        corking = false;
        if (!response.ended() && !clientGone()) {
            response.end(Buffer.buffer(events.writeBytes(DONE)));
        }
    }
}
