package com.cascade4arm.bench.client;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The Vert.x HTTP client the engine's calls go out on: inside the gateway on the gateway's own Vert.x ({@link #on}),
 * so the gateway runs one event-loop pool for all its outbound HTTP but Compare's; in the CLI and the tools on one
 * small Vert.x of daemon threads per process ({@link #standalone}). One keep-alive pool per server for every client.
 */
public final class BenchHttp implements AutoCloseable {
    /** Below llama-server's 5 s keep-alive timeout, so we drop an idle connection before the server does. */
    static final int KEEP_ALIVE_TIMEOUT_SECONDS = 4;
    /** Per server: the runner bounds its concurrency itself, the pool must never queue a measured request. */
    private static final int MAX_CONNECTIONS_PER_SERVER = 1024;
    private static BenchHttp standalone;

    /** A server's answer to a GET: status and body text. */
    public record Reply(int status, String body) {
    }

    private final Vertx vertx;
    private final boolean processWide;
    private final HttpClient client;

    private BenchHttp(Vertx vertx, boolean processWide) {
        this.vertx = vertx;
        this.processWide = processWide;
        this.client = vertx.createHttpClient(new HttpClientOptions()
                        .setKeepAlive(true)
                        .setKeepAliveTimeout(KEEP_ALIVE_TIMEOUT_SECONDS)
                        .setTcpNoDelay(true)
                        .setDecompressionSupported(false),
                new PoolOptions().setHttp1MaxSize(MAX_CONNECTIONS_PER_SERVER));
    }

    /** On a Vert.x someone else runs (the gateway's). */
    public static BenchHttp on(Vertx vertx) {
        return new BenchHttp(vertx, false);
    }

    /**
     * The process's own, made at first use and never closed: daemon threads, so a tool's JVM ends when its main does.
     * For the CLI, the tools and tests; a gateway passes its Vert.x with {@link #on} instead.
     */
    public static synchronized BenchHttp standalone() {
        if (standalone == null) {
            standalone = new BenchHttp(Vertx.vertx(new VertxOptions().setUseDaemonThread(true).setWorkerPoolSize(1)), true);
        }
        return standalone;
    }

    Vertx vertx() {
        return vertx;
    }

    HttpClient client() {
        return client;
    }

    /** GET {@code url} (with a bearer token unless blank) within {@code timeoutMs}; fails when no answer came. */
    public CompletableFuture<Reply> get(URI url, String bearerToken, long timeoutMs) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setAbsoluteURI(url.toString())
                .setConnectTimeout(timeoutMs).setIdleTimeout(timeoutMs);
        if (bearerToken != null && !bearerToken.isBlank()) {
            options.putHeader("Authorization", "Bearer " + bearerToken);
        }
        CompletableFuture<Reply> done = new CompletableFuture<>();
        // Nested, so the body is asked for on the event loop as the answer's head arrives: chained from a caller's own
        // thread, body() came after the end of a quick answer now and then, and the GET waited out its time limit.
        client.request(options)
                .compose(request -> request.send().compose(response -> response.body().map(body ->
                        new Reply(response.statusCode(), body.toString(StandardCharsets.UTF_8)))))
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
     * {@link #get} for a caller off the event loops (it blocks until the answer or the time limit).
     *
     * @throws IOException when no answer came in time or the server could not be reached (the cause attached)
     */
    public Reply await(URI url, String bearerToken, long timeoutMs) throws IOException, InterruptedException {
        try {
            return get(url, bearerToken, timeoutMs).get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause), cause);
        }
    }

    /** Closes the client (not the Vert.x it runs on); the process-wide one stays open for the next user. */
    @Override
    public void close() {
        if (!processWide) {
            client.close();
        }
    }
}
