package com.cascade4arm.host.child;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.ModelLoad;
import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.openai.ApiError;
import com.cascade4arm.host.http.BearerAuth;
import com.cascade4arm.host.http.ErrorResponses;
import com.cascade4arm.host.proxy.HealthProbe;
import com.cascade4arm.host.proxy.HttpForwarder;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A host whose model runs in a supervised child process — a real llama-server, or our own host in a JVM of its own.
 * Our front keeps the host's address stable across child restarts, answers {@code /health} (503 "Loading model" while
 * the child starts or restarts), enforces the host's API key (on everything but {@code /health} and {@code /metrics}),
 * and forwards everything else to the child unchanged — so clients get the child's own responses (llama-server's
 * {@code timings.draft_n}/{@code draft_n_accepted}, {@code /metrics} and {@code /slots}).
 */
public final class SupervisedChildHost implements ModelEndpointServer {

    private static final Logger LOG = LoggerFactory.getLogger(SupervisedChildHost.class);
    static final long STARTUP_TIMEOUT_MS = 30_000;
    static final long SHUTDOWN_STEP_TIMEOUT_MS = 5_000;
    private static final int CHILD_KEY_BYTES = 24;

    private final HostConfig config;
    private final Vertx vertx;
    private final ChildSupervisor supervisor;
    private final CompletableFuture<Void> ready;
    private final BearerAuth auth;
    private final HttpForwarder forwarding;
    private HttpServer server;
    private URI baseUrl;

    private SupervisedChildHost(HostConfig config, ChildCommand command) {
        this.config = config;
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
        ThreadAffinity.pinEventLoop(vertx, config.cpus()); // the relay of each token stays on the host's CPUs
        String childKey = HexFormat.of().formatHex(randomBytes());
        this.supervisor = new ChildSupervisor(config, command, childKey,
                new HealthProbe(vertx, ChildProcess.HEALTH_TIMEOUT));
        this.auth = config.apiKey() == null ? null : new BearerAuth(config.apiKey());
        this.forwarding = new HttpForwarder(vertx, supervisor::childUrl, childKey,
                command.kind() + " for '" + config.alias() + "'", false);
        this.ready = supervisor.start();
    }

    /** Starts listening at once and launches the child; {@code /health} answers 503 until the child is ready. */
    public static SupervisedChildHost start(HostConfig config, ChildCommand command) {
        SupervisedChildHost host = new SupervisedChildHost(config, command);
        try {
            host.server = host.vertx.createHttpServer(new HttpServerOptions().setHost(config.host()).setPort(config.port()))
                    .requestHandler(host::handle)
                    .listen().toCompletionStage().toCompletableFuture()
                    .get(STARTUP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            host.close();
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("cannot listen on " + config.host() + ":" + config.port() + ": "
                    + cause.getMessage(), cause);
        }
        host.baseUrl = ModelEndpointServer.url(config.host(), host.server.actualPort());
        LOG.info("llama-host '{}' listening on {} (model in a supervised {})", config.alias(), host.baseUrl,
                command.kind());
        return host;
    }

    private void handle(HttpServerRequest request) {
        String path = request.path();
        if (path.equals("/health")) {
            health(request);
            return;
        }
        // like the in-process engine: /health and /metrics are open, every other endpoint needs the host's key
        ApiError refusal = auth == null || path.equals("/metrics") ? null : auth.check(request.getHeader("Authorization"));
        if (refusal == null && (!supervisor.isReady() || supervisor.childUrl() == null)) {
            refusal = ApiError.unavailable(supervisor.notReadyMessage());
        }
        if (refusal != null) {
            ErrorResponses.send(request.response(), refusal);
            return;
        }
        forwarding.forward(request);
    }

    private void health(HttpServerRequest request) {
        if (supervisor.isReady()) {
            request.response().putHeader("Content-Type", "application/json; charset=utf-8")
                    .end(new JsonObject().put("status", "ok").encode());
        } else {
            ErrorResponses.send(request.response(), ApiError.unavailable(supervisor.notReadyMessage()));
        }
    }

    @Override
    public URI baseUrl() {
        return baseUrl;
    }

    @Override
    public boolean isReady() {
        return supervisor.isReady();
    }

    @Override
    public void awaitReady(Duration timeout) {
        ModelLoad.await(ready, timeout, config);
    }

    public HostConfig config() {
        return config;
    }

    /** The child's own address (changes when it restarts); for tests and diagnostics. */
    public URI childUrl() {
        return supervisor.childUrl();
    }

    /** The child's process id, or -1 before it started. */
    public long childPid() {
        return supervisor.childPid();
    }

    /** How many times the child was restarted after dying. */
    public int restarts() {
        return supervisor.restarts();
    }

    /** Stops the child (and its restarts) and the front; bounded in time. */
    @Override
    public void close() {
        supervisor.close();
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(SHUTDOWN_STEP_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("front of '{}' did not close cleanly: {}", config.alias(), e.toString());
        }
        LOG.info("llama-host '{}' closed", config.alias());
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[CHILD_KEY_BYTES];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }
}
