package com.cascade4arm.host.proxy;

import com.cascade4arm.openai.ApiError;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.RequestOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Forwards an HTTP request to a llama-server compatible upstream and relays the answer: same path, method, headers,
 * body and status; streams (SSE) chunk by chunk; a client that disconnects drops the upstream request (which cancels
 * the generation there); an unreachable upstream gives an OpenAI-shaped 502. Shared by the baseline proxy and the
 * host that fronts a supervised llama-server.
 * <p>llama-server closes a kept-alive connection after 5 s idle and after 100 requests ({@code Keep-Alive: timeout=5,
 * max=100}); a pooled connection can therefore be closed under a request that was just sent on it. Such a request
 * failed before any answer, so it is sent once more on a new connection of its own (its body is read first, up to
 * {@link #MAX_BODY_BYTES}); and idle connections are dropped by us before llama-server drops them.
 */
public final class HttpForwarder {

    private static final Logger LOG = LoggerFactory.getLogger(HttpForwarder.class);
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
    public static final int MAX_UPSTREAM_CONNECTIONS = 64;
    /** Below llama-server's keep-alive timeout of 5 s, so that we, not the server, close idle connections. */
    public static final int KEEP_ALIVE_SECONDS = 3;
    /** Largest request body forwarded (read whole so that it can be resent); larger ones get 413. */
    public static final long MAX_BODY_BYTES = 16L * 1024 * 1024;
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "host");

    private final HttpClient client;
    /** For the one resend: a connection of its own, never one from the pool that may be closing too. */
    private final HttpClient freshConnections;
    private final Supplier<URI> upstream;
    private final String apiKey;
    private final String name;

    /**
     * @param upstream base URL asked per request (it may change, e.g. when a supervised server restarts on a new port)
     * @param apiKey   bearer token sent upstream instead of the client's Authorization header; null forwards the
     *                 client's header unchanged
     * @param name     what the upstream is, for error messages
     */
    public HttpForwarder(Vertx vertx, Supplier<URI> upstream, String apiKey, String name, boolean tls) {
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout(DEFAULT_CONNECT_TIMEOUT_MS)
                .setKeepAliveTimeout(KEEP_ALIVE_SECONDS)
                .setMaxPoolSize(MAX_UPSTREAM_CONNECTIONS)
                .setSsl(tls));
        this.freshConnections = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout(DEFAULT_CONNECT_TIMEOUT_MS)
                .setKeepAlive(false)
                .setSsl(tls));
        this.upstream = upstream;
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
        this.name = name;
    }

    /** Forwards {@code in}; never throws (failures become a 502 to the client). */
    public void forward(HttpServerRequest in) {
        try {
            forwardOrFail(in);
        } catch (RuntimeException e) {
            LOG.error("cannot forward {} {}", in.method(), in.uri(), e);
            badGateway(in.response(), e);
        }
    }

    private void forwardOrFail(HttpServerRequest in) {
        String length = in.getHeader("Content-Length");
        if (length != null && parseLength(length) > MAX_BODY_BYTES) {
            tooLarge(in.response());
            return;
        }
        Buffer body = Buffer.buffer();
        in.handler(chunk -> {
            if (body.length() + chunk.length() > MAX_BODY_BYTES) {
                in.pause();
                tooLarge(in.response());
                return;
            }
            body.appendBuffer(chunk);
        });
        in.endHandler(end -> {
            if (!in.response().ended()) {
                send(in, body, true);
            }
        });
    }

    private void send(HttpServerRequest in, Buffer body, boolean mayRetry) {
        URI target = upstream.get();
        HttpServerResponse out = in.response();
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        copyHeaders(in.headers(), headers);
        if (apiKey != null) {
            headers.set("Authorization", "Bearer " + apiKey);
        }
        RequestOptions options = new RequestOptions()
                .setMethod(in.method())
                .setHost(target.getHost())
                .setPort(port(target))
                .setURI(path(target, in.uri()))
                .setHeaders(headers);
        (mayRetry ? client : freshConnections).request(options).onSuccess(request -> {
            out.exceptionHandler(failure -> LOG.debug("client of {} {} failed: {}", in.method(), in.path(), failure.toString()));
            out.closeHandler(closed -> {
                if (!out.ended()) {
                    // The client left mid-answer: drop the upstream request (cancels generation). One quiet line.
                    LOG.debug("client left {} {} before the answer ended; upstream request dropped", in.method(), in.path());
                    request.reset();
                }
            });
            request.send(body)
                    .onSuccess(response -> relay(response, out))
                    .onFailure(failure -> {
                        if (mayRetry && closedBeforeAnswer(failure) && !out.headWritten() && !out.closed()) {
                            LOG.debug("{} closed a pooled connection under {} {}; sending it again", name, in.method(),
                                    in.uri());
                            send(in, body, false);
                        } else {
                            badGateway(out, failure);
                        }
                    });
        }).onFailure(failure -> badGateway(out, failure));
    }

    /** The upstream closed the connection before answering (a kept-alive connection it had just given up). */
    private static boolean closedBeforeAnswer(Throwable failure) {
        return failure instanceof HttpClosedException || failure instanceof ClosedChannelException
                || failure instanceof IOException && String.valueOf(failure.getMessage()).contains("reset");
    }

    private void tooLarge(HttpServerResponse out) {
        if (out.ended() || out.closed()) {
            return;
        }
        ApiError error = new ApiError(413, ApiError.INVALID_REQUEST, "request body is larger than the limit of "
                + MAX_BODY_BYTES + " bytes");
        out.setStatusCode(413).putHeader("Content-Type", "application/json; charset=utf-8")
                .putHeader("Connection", "close").end(error.toLlamaServerJson().toString());
    }

    private static long parseLength(String header) {
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void relay(HttpClientResponse response, HttpServerResponse out) {
        if (out.closed()) {
            response.request().reset();
            return;
        }
        out.setStatusCode(response.statusCode());
        copyHeaders(response.headers(), out.headers());
        if (!response.headers().contains("Content-Length")) {
            out.setChunked(true);
        }
        // Not pipeTo: when the client leaves, a pipe ends the response it can no longer write (Netty then logs a
        // double-failed promise with its trace) and keeps asking the ended response about its queue for the chunks
        // still arriving ("Response has already been written", logged as an unhandled ERROR with its trace).
        response.handler(chunk -> {
            if (gone(out)) {
                return; // the close handler dropped the upstream request; what is still in flight goes nowhere
            }
            out.write(chunk).onFailure(failure -> response.request().reset());
            if (out.writeQueueFull()) {
                response.pause();
                out.drainHandler(v -> response.resume());
            }
        });
        response.exceptionHandler(failure -> {
            if (!gone(out)) {
                badGateway(out, failure);
            }
        });
        response.endHandler(v -> {
            if (!gone(out)) {
                out.end();
            }
        });
    }

    /** The client's answer can take no more bytes: it left, or the answer is complete. */
    private static boolean gone(HttpServerResponse out) {
        return out.closed() || out.ended();
    }

    private void badGateway(HttpServerResponse out, Throwable failure) {
        if (out.closed() || out.ended()) {
            return;
        }
        if (out.headWritten()) {
            out.reset();
            return;
        }
        ApiError error = new ApiError(502, ApiError.UNAVAILABLE, name + " failed: " + failure.getMessage());
        out.setStatusCode(502).putHeader("Content-Type", "application/json; charset=utf-8").end(error.toLlamaServerJson().toString());
    }

    private static void copyHeaders(MultiMap from, MultiMap to) {
        from.forEach(header -> {
            if (!HOP_BY_HOP.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                to.add(header.getKey(), header.getValue());
            }
        });
    }

    private static int port(URI target) {
        if (target.getPort() > 0) {
            return target.getPort();
        }
        return "https".equalsIgnoreCase(target.getScheme()) ? 443 : 80;
    }

    private static String path(URI target, String requestUri) {
        String base = target.getRawPath() == null ? "" : target.getRawPath();
        if (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return base + requestUri;
    }
}
