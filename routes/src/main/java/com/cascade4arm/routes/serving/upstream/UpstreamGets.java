package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.bench.client.BenchHttp;
import io.vertx.core.Vertx;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.ExecutionException;

/**
 * The gateway's one-shot GETs to model servers (the console's {@code /props} and {@code /v1/models}, a benchmark run's
 * baseline model list) on the Vert.x HTTP stack the chat path and the health checks use: the benchmark engine's
 * {@link BenchHttp} on the gateway's Vert.x, with failures told in a few words (the console shows them to anyone).
 */
public final class UpstreamGets implements AutoCloseable {
    private final BenchHttp http;

    public UpstreamGets(Vertx vertx) {
        this.http = BenchHttp.on(vertx);
    }

    /**
     * GET {@code url} (with a bearer token unless blank) within {@code timeoutMs}, for a caller on a worker thread
     * (never an event loop: it blocks until the answer or the time limit).
     *
     * @throws IOException when the server gave no answer in time or could not be reached (message: what failed, in a
     *                     few words, no addresses)
     */
    public BenchHttp.Reply await(URI url, String bearerToken, long timeoutMs) throws IOException, InterruptedException {
        try {
            return http.get(url, bearerToken, timeoutMs).get();
        } catch (ExecutionException e) {
            // In a few words, without the addresses Vert.x's messages name: the console shows this text to anyone.
            throw new IOException(UpstreamErrorText.kind(e.getCause()), e.getCause());
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
