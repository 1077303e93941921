package com.cascade4arm.host;

import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.host.http.HostRouter;
import com.cascade4arm.host.inference.InferenceEngine;
import com.cascade4arm.host.warmup.HostWarmup;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Serves one GGUF model (optionally with a draft model for speculative decoding) over the llama-server HTTP API,
 * in-process on real llama.cpp. Embeddable: the gateway starts several; {@link LlamaHostMain} runs one standalone.
 */
public final class LlamaHost implements ModelEndpointServer {

    private static final Logger LOG = LoggerFactory.getLogger(LlamaHost.class);
    static final int EVENT_LOOP_THREADS = 1;
    /** Vert.x workers are not used for generation (the engine has its own threads); one is the minimum. */
    static final int WORKER_THREADS = 1;
    static final long STARTUP_TIMEOUT_MS = 30_000;
    static final long SHUTDOWN_STEP_TIMEOUT_MS = 5_000;

    private final HostConfig config;
    private final Vertx vertx;
    private final HttpServer server;
    private final InferenceEngine engine;
    private final CompletableFuture<Void> loaded;
    private final URI baseUrl;

    private LlamaHost(HostConfig config, Vertx vertx, HttpServer server, InferenceEngine engine,
                      CompletableFuture<Void> loaded) {
        this.config = config;
        this.vertx = vertx;
        this.server = server;
        this.engine = engine;
        this.loaded = loaded;
        this.baseUrl = ModelEndpointServer.url(config.host(), server.actualPort());
    }

    /**
     * Starts listening at once; the model loads and warms up in the background ({@code /health} answers 503
     * meanwhile).
     */
    public static LlamaHost start(HostConfig config) {
        return start(config, new CountDownLatch(0));
    }

    /** As {@link #start(HostConfig)}, but loading waits until {@code loadGate} opens (lets tests see "loading"). */
    static LlamaHost start(HostConfig config, CountDownLatch loadGate) {
        return start(config, loadGate, summary -> { });
    }

    /** As above; {@code afterWarmup} hears what the warm-up did, before the host says ready (tests hold it there). */
    static LlamaHost start(HostConfig config, CountDownLatch loadGate, Consumer<HostWarmup.Summary> afterWarmup) {
        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(EVENT_LOOP_THREADS)
                .setWorkerPoolSize(WORKER_THREADS));
        ThreadAffinity.pinEventLoop(vertx, config.cpus()); // its per-token writes stay on the host's CPUs
        InferenceEngine engine = new InferenceEngine(config);
        HostWarmup warmup = HostWarmup.forHost(config, vertx);
        try {
            HttpServer server = vertx.createHttpServer(new HttpServerOptions()
                            .setHost(config.host())
                            .setPort(config.port()))
                    .requestHandler(HostRouter.create(vertx, config, engine, warmup))
                    .listen()
                    .toCompletionStage().toCompletableFuture()
                    .get(STARTUP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            URI url = ModelEndpointServer.url(config.host(), server.actualPort());
            CompletableFuture<Void> ready = engine.startLoading(loadGate,
                    () -> afterWarmup.accept(warmup.run(url)));
            LlamaHost host = new LlamaHost(config, vertx, server, engine, ready);
            LOG.info("llama-host '{}' listening on {} (model loading in background{})", config.alias(), host.baseUrl,
                    config.warmupRequests() == 0 ? "" : ", then a warm-up of " + config.warmupRequests() + " answers");
            return host;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closeQuietly(engine, vertx);
            throw new IllegalStateException("interrupted while starting " + config.alias(), e);
        } catch (ExecutionException | TimeoutException e) {
            closeQuietly(engine, vertx);
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("cannot listen on " + config.host() + ":" + config.port() + ": "
                    + cause.getMessage(), cause);
        }
    }

    @Override
    public URI baseUrl() {
        return baseUrl;
    }

    @Override
    public boolean isReady() {
        return engine.isReady();
    }

    @Override
    public void awaitReady(Duration timeout) {
        ModelLoad.await(loaded, timeout, config);
    }

    public HostConfig config() {
        return config;
    }

    /** Stops accepting requests, cancels generations, frees the model and the HTTP server; bounded in time. */
    @Override
    public void close() {
        try {
            server.close().toCompletionStage().toCompletableFuture()
                    .get(SHUTDOWN_STEP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("HTTP server of '{}' did not close cleanly: {}", config.alias(), e.toString());
        }
        closeQuietly(engine, vertx);
        LOG.info("llama-host '{}' closed", config.alias());
    }

    private static void closeQuietly(InferenceEngine engine, Vertx vertx) {
        try {
            engine.close();
        } finally {
            try {
                vertx.close().toCompletionStage().toCompletableFuture()
                        .get(SHUTDOWN_STEP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                LOG.warn("Vert.x did not close cleanly: {}", e.toString());
            }
        }
    }
}
