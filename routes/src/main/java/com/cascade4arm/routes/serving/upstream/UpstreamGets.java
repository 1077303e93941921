package com.cascade4arm.routes.serving.upstream;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's one-shot GETs to model servers (the console's {@code /props} and {@code /v1/models}, a benchmark run's
 * baseline model list) on the Vert.x HTTP stack the chat path and the health checks use, so the gateway calls its
 * model servers through one client stack. Callers on a worker thread wait with {@link #await}.
 */
public final class UpstreamGets implements AutoCloseable {
    /** A server's answer: status and body text. */
    public record Reply(int status, String body) {
    }

    private final HttpClient client;

    public UpstreamGets(Vertx vertx, long connectTimeoutMs) {
        // No keep-alive: these calls are rare (a console page load, a run start), a pooled connection would only idle.
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, connectTimeoutMs)).setKeepAlive(false));
    }

    /** GET {@code url} (with a bearer token unless blank) within {@code timeoutMs}; fails when no answer came. */
    public CompletableFuture<Reply> get(URI url, String bearerToken, long timeoutMs) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setAbsoluteURI(url.toString())
                .setConnectTimeout(timeoutMs).setIdleTimeout(timeoutMs);
        if (bearerToken != null && !bearerToken.isBlank()) {
            options.putHeader("Authorization", "Bearer " + bearerToken);
        }
        CompletableFuture<Reply> done = new CompletableFuture<>();
        client.request(options)
                .compose(HttpClientRequest::send)
                .compose(response -> response.body().map(body -> new Reply(response.statusCode(),
                        body.toString(StandardCharsets.UTF_8))))
                .onComplete(result -> {
                    if (result.succeeded()) {
                        done.complete(result.result());
                    } else {
                        done.completeExceptionally(result.cause());
                    }
                });
        return done.orTimeout(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /**
     * {@link #get} for a caller on a worker thread (never an event loop: it blocks until the answer or the time limit).
     *
     * @throws IOException when the server gave no answer in time or could not be reached (message: what failed, in a
     *                     few words, no addresses)
     */
    public Reply await(URI url, String bearerToken, long timeoutMs) throws IOException, InterruptedException {
        try {
            return get(url, bearerToken, timeoutMs).get();
        } catch (ExecutionException e) {
            // In a few words, without the addresses Vert.x's messages name: the console shows this text to anyone.
            throw new IOException(UpstreamErrorText.kind(e.getCause()), e.getCause());
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
