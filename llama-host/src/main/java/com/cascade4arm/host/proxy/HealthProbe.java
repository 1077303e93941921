package com.cascade4arm.host.proxy;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Asks a server's {@code /health} whether it can serve, on the host's own Vert.x (the client its forwarder uses, no
 * second HTTP stack): true only for a 200 within the time limit. Blocks: for a caller off the event loop.
 */
public final class HealthProbe implements AutoCloseable {

    private final HttpClient client;
    private final long timeoutMs;

    public HealthProbe(Vertx vertx, Duration timeout) {
        this.timeoutMs = timeout.toMillis();
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMs))
                .setKeepAliveTimeout(HttpForwarder.KEEP_ALIVE_SECONDS));
    }

    /** GET {@code healthUrl} (with a bearer token unless null): true when it answers 200 in time. */
    public boolean healthy(URI healthUrl, String apiKey) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setAbsoluteURI(healthUrl.toString())
                .setConnectTimeout(timeoutMs).setIdleTimeout(timeoutMs);
        if (apiKey != null) {
            options.putHeader("Authorization", "Bearer " + apiKey);
        }
        try {
            // Nested: body() on the event loop as the head arrives (chained from this thread it could miss the end)
            return client.request(options)
                    .compose(request -> request.send().compose(response -> response.body()
                            .map(body -> response.statusCode())))
                    .toCompletionStage().toCompletableFuture()
                    .get(timeoutMs, TimeUnit.MILLISECONDS) == 200;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
