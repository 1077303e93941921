package com.cascade4arm.baseline;

import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.proxy.HttpForwarder;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A transparent HTTP proxy to an existing llama-server compatible baseline ({@link HttpForwarder}: same paths,
 * methods, bodies and status codes; streams relayed chunk by chunk; a client that disconnects drops the upstream
 * request too).
 */
public final class BaselineProxy implements ModelEndpointServer {

    private static final Logger LOG = LoggerFactory.getLogger(BaselineProxy.class);
    static final long STARTUP_TIMEOUT_MS = 30_000;
    static final long SHUTDOWN_TIMEOUT_MS = 5_000;

    private final URI upstream;
    private final Vertx vertx;
    private final HttpForwarder forwarder;
    private final UpstreamHealth health;
    private HttpServer server;
    private URI baseUrl;

    private BaselineProxy(URI upstream, String apiKey) {
        this.upstream = upstream;
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
        this.forwarder = new HttpForwarder(vertx, () -> upstream, apiKey, "baseline upstream " + upstream,
                "https".equalsIgnoreCase(upstream.getScheme()));
        this.health = new UpstreamHealth(vertx, upstream, apiKey);
    }

    static BaselineProxy start(URI upstream, String apiKey, String host, int port) {
        if (upstream.getHost() == null || !(upstream.getScheme().equals("http") || upstream.getScheme().equals("https"))) {
            throw new IllegalArgumentException("upstream must be an http(s) URL, but was '" + upstream + "'");
        }
        BaselineProxy proxy = new BaselineProxy(upstream, apiKey == null || apiKey.isBlank() ? null : apiKey);
        try {
            proxy.server = proxy.vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port))
                    .requestHandler(proxy.forwarder::forward)
                    .listen().toCompletionStage().toCompletableFuture()
                    .get(STARTUP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            proxy.vertx.close();
            throw new IllegalStateException("cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        proxy.baseUrl = URI.create("http://" + (host.equals("0.0.0.0") ? "127.0.0.1" : host) + ":"
                + proxy.server.actualPort());
        LOG.info("baseline proxy listening on {} -> {}", proxy.baseUrl, upstream);
        return proxy;
    }

    @Override
    public URI baseUrl() {
        return baseUrl;
    }

    public URI upstream() {
        return upstream;
    }

    /** Ready when the upstream's {@code /health} answers 200. */
    @Override
    public boolean isReady() {
        return health.isHealthy();
    }

    @Override
    public void awaitReady(Duration timeout) {
        health.awaitHealthy(timeout);
    }

    @Override
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(SHUTDOWN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("baseline proxy did not close cleanly: {}", e.toString());
        }
    }
}
