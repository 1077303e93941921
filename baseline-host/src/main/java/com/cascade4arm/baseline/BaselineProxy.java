package com.cascade4arm.baseline;

import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.openai.ApiError;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.RequestOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A transparent HTTP proxy to an existing llama-server compatible baseline: same paths, methods, bodies and status
 * codes; streams (SSE) are relayed chunk by chunk; a client that disconnects drops the upstream request too.
 */
public final class BaselineProxy implements ModelEndpointServer {

    private static final Logger LOG = LoggerFactory.getLogger(BaselineProxy.class);
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
    public static final int MAX_UPSTREAM_CONNECTIONS = 64;
    static final long STARTUP_TIMEOUT_MS = 30_000;
    static final long SHUTDOWN_TIMEOUT_MS = 5_000;
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "host");

    private final URI upstream;
    private final String apiKey;
    private final Vertx vertx;
    private final HttpClient client;
    private final UpstreamHealth health;
    private HttpServer server;
    private URI baseUrl;

    private BaselineProxy(URI upstream, String apiKey) {
        this.upstream = upstream;
        this.apiKey = apiKey;
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout(DEFAULT_CONNECT_TIMEOUT_MS)
                .setMaxPoolSize(MAX_UPSTREAM_CONNECTIONS)
                .setSsl("https".equalsIgnoreCase(upstream.getScheme())));
        this.health = new UpstreamHealth(upstream, apiKey);
    }

    static BaselineProxy start(URI upstream, String apiKey, String host, int port) {
        if (upstream.getHost() == null || !(upstream.getScheme().equals("http") || upstream.getScheme().equals("https"))) {
            throw new IllegalArgumentException("upstream must be an http(s) URL, but was '" + upstream + "'");
        }
        BaselineProxy proxy = new BaselineProxy(upstream, apiKey == null || apiKey.isBlank() ? null : apiKey);
        try {
            proxy.server = proxy.vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port))
                    .requestHandler(proxy::forward)
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

    private void forward(HttpServerRequest in) {
        try {
            forwardOrFail(in);
        } catch (RuntimeException e) {
            LOG.error("cannot forward {} {}", in.method(), in.uri(), e);
            badGateway(in.response(), e);
        }
    }

    private void forwardOrFail(HttpServerRequest in) {
        in.pause();
        HttpServerResponse out = in.response();
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        copyHeaders(in.headers(), headers);
        if (apiKey != null) {
            headers.set("Authorization", "Bearer " + apiKey);
        }
        RequestOptions options = new RequestOptions()
                .setMethod(in.method())
                .setHost(upstream.getHost())
                .setPort(upstreamPort())
                .setURI(upstreamPath(in.uri()))
                .setHeaders(headers);
        client.request(options).onSuccess(request -> {
            out.closeHandler(closed -> request.reset());
            request.send(in)
                    .onSuccess(response -> relay(response, out))
                    .onFailure(failure -> badGateway(out, failure));
        }).onFailure(failure -> badGateway(out, failure));
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
        response.pipeTo(out).onFailure(failure -> response.request().reset());
    }

    private void badGateway(HttpServerResponse out, Throwable failure) {
        if (out.closed() || out.ended()) {
            return;
        }
        if (out.headWritten()) {
            out.reset();
            return;
        }
        ApiError error = new ApiError(502, ApiError.UNAVAILABLE, "baseline upstream " + upstream + " failed: "
                + failure.getMessage());
        out.setStatusCode(502).putHeader("Content-Type", "application/json; charset=utf-8").end(error.toLlamaServerJson().toString());
    }

    private static void copyHeaders(MultiMap from, MultiMap to) {
        from.forEach(header -> {
            if (!HOP_BY_HOP.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                to.add(header.getKey(), header.getValue());
            }
        });
    }

    private int upstreamPort() {
        if (upstream.getPort() > 0) {
            return upstream.getPort();
        }
        return "https".equalsIgnoreCase(upstream.getScheme()) ? 443 : 80;
    }

    private String upstreamPath(String requestUri) {
        String base = upstream.getRawPath() == null ? "" : upstream.getRawPath();
        if (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return base + requestUri;
    }
}
