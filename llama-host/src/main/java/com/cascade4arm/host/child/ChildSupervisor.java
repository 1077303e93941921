package com.cascade4arm.host.child;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.proxy.HealthProbe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Keeps one child process (a llama-server, or our host in a JVM of its own) running for a host: starts it, waits until
 * its {@code /health} says ok, and when it dies logs why and starts a new one after a back-off (1 s, doubling up to
 * 30 s, back to 1 s once a child has run for a minute). A child that exits before it was ever ready is started again
 * on a fresh port up to {@link #START_ATTEMPTS} times in all (its picked port may have been taken before it bound it),
 * then it is a load failure (bad model, bad flag): reported. All state changes happen on one supervisor thread.
 */
final class ChildSupervisor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ChildSupervisor.class);
    static final long FIRST_BACKOFF_MS = 1_000;
    static final long MAX_BACKOFF_MS = 30_000;
    /** A child that ran this long before dying restarts after the first back-off again. */
    static final long STABLE_UPTIME_MS = 60_000;
    static final long HEALTH_POLL_MS = 100;
    /** Launches before a child that never got ready counts as a load failure. */
    static final int START_ATTEMPTS = 3;
    /** Longest a child may take to load its model before it counts as failed. */
    static final long READY_TIMEOUT_MS = 600_000;

    private final HostConfig config;
    private final IntSupplier ports;
    private final ChildCommand command;
    private final HealthProbe health;
    private final String childKey;
    private final ScheduledExecutorService executor;
    private final CompletableFuture<Void> firstReady = new CompletableFuture<>();
    private volatile ChildProcess child;
    private volatile boolean ready;
    private volatile String notReadyMessage = "Loading model";
    private volatile boolean closed;
    private long backoffMs = FIRST_BACKOFF_MS;
    private volatile int restarts;
    private int failedStarts;

    /** {@code health} asks a launched child's {@code /health} (on the host's Vert.x). */
    ChildSupervisor(HostConfig config, ChildCommand command, String childKey, HealthProbe health) {
        this(config, command, childKey, health, ChildSupervisor::freePort);
    }

    /** {@code ports} gives each launch the loopback port its child listens on. */
    ChildSupervisor(HostConfig config, ChildCommand command, String childKey, HealthProbe health, IntSupplier ports) {
        this.health = health;
        this.ports = ports;
        this.config = config;
        this.command = command;
        this.childKey = childKey;
        JvmStopping.now(); // loads it, registering its shutdown hook while hooks can still be added
        this.executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "child-supervisor-" + config.alias());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Launches the first child; the returned future completes once it is ready, or fails if it never gets there. */
    CompletableFuture<Void> start() {
        executor.execute(this::launch);
        return firstReady;
    }

    boolean isReady() {
        return ready && !closed;
    }

    String notReadyMessage() {
        return closed ? "host is shutting down" : notReadyMessage;
    }

    /** The running child's base URL (null before the first launch). */
    URI childUrl() {
        ChildProcess current = child;
        return current == null ? null : current.baseUrl();
    }

    /** The running child's process id, or -1. */
    long childPid() {
        ChildProcess current = child;
        return current == null ? -1 : current.pid();
    }

    int restarts() {
        return restarts;
    }

    private void launch() {
        if (closed) {
            return;
        }
        int port = ports.getAsInt();
        List<String> line = command.build(port, childKey);
        LOG.info("starting {} for '{}' pinned to CPUs {}: {}", command.kind(), config.alias(),
                config.cpus() == null ? "any" : config.cpus(), ChildCommand.printable(line));
        ChildProcess launched;
        try {
            launched = ChildProcess.launch(line, port, config.cpus(), config.alias(), command.kind());
        } catch (RuntimeException e) {
            if (firstReady.isDone()) {
                scheduleRestart("cannot start: " + e.getMessage(), -1, 0);
            } else {
                failed(e.getMessage());
            }
            return;
        }
        synchronized (this) {
            if (closed) {
                launched.stop();
                return;
            }
            child = launched;
        }
        launched.exited().thenAccept(status -> {
            if (!closed) {
                executor.execute(() -> onExit(launched, status));
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        executor.schedule(() -> awaitHealthy(launched, deadline), HEALTH_POLL_MS, TimeUnit.MILLISECONDS);
    }

    private void awaitHealthy(ChildProcess launched, long deadline) {
        if (closed || launched != child || !launched.alive()) {
            return;
        }
        if (launched.healthy(health)) {
            launched.server(); // remember the server process while its watchdog is certainly alive
            ready = true;
            LOG.info("{} for '{}' ready at {} (pid {}, {} ms)", command.kind(), config.alias(), launched.baseUrl(),
                    launched.pid(), launched.uptimeMs());
            firstReady.complete(null);
            return;
        }
        if (System.nanoTime() > deadline) {
            LOG.error("{} for '{}' not ready within {} ms; stopping it", command.kind(), config.alias(),
                    READY_TIMEOUT_MS);
            launched.stop();
            return; // onExit decides what happens next
        }
        executor.schedule(() -> awaitHealthy(launched, deadline), HEALTH_POLL_MS, TimeUnit.MILLISECONDS);
    }

    private void onExit(ChildProcess exited, int status) {
        if (exited != child) {
            return;
        }
        ready = false;
        exited.killLeftover();
        if (closed) {
            return;
        }
        String reason = exited.exitReason(status);
        if (JvmStopping.now()) {
            // Ctrl-C reaches the whole process group: the child stops with us, and our shutdown closes this supervisor
            LOG.info("{} for '{}' stopped while this JVM shuts down ({})", command.kind(), config.alias(), reason);
            return;
        }
        if (!firstReady.isDone()) {
            if (++failedStarts < START_ATTEMPTS) {
                LOG.warn("{} for '{}' exited before it was ready ({}); start {} of {} on another port in {} ms",
                        command.kind(), config.alias(), reason, failedStarts + 1, START_ATTEMPTS, FIRST_BACKOFF_MS);
                executor.schedule(this::launch, FIRST_BACKOFF_MS, TimeUnit.MILLISECONDS);
                return;
            }
            failed(command.kind() + " exited before it was ready, " + START_ATTEMPTS + " times (" + reason + ")");
            return;
        }
        scheduleRestart(reason, exited.pid(), exited.uptimeMs());
    }

    private void scheduleRestart(String reason, long pid, long uptimeMs) {
        backoffMs = uptimeMs >= STABLE_UPTIME_MS ? FIRST_BACKOFF_MS : backoffMs;
        restarts++;
        notReadyMessage = command.kind() + " restarting after " + reason;
        LOG.warn("{} for '{}' (pid {}) stopped after {} ms: {}; restart #{} in {} ms", command.kind(), config.alias(),
                pid, uptimeMs, reason, restarts, backoffMs);
        executor.schedule(this::launch, backoffMs, TimeUnit.MILLISECONDS);
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    }

    private void failed(String message) {
        notReadyMessage = "model failed to load: " + message;
        LOG.error("{} for '{}' failed: {}", command.kind(), config.alias(), message);
        firstReady.completeExceptionally(new IllegalStateException(message));
    }

    /** Stops restarting, stops the child (SIGTERM, SIGKILL after a grace period; bounded), frees its files. */
    @Override
    public void close() {
        ChildProcess current;
        synchronized (this) {
            closed = true;
            ready = false;
            current = child;
        }
        firstReady.completeExceptionally(new IllegalStateException("host closed"));
        executor.shutdownNow();
        if (current != null) {
            current.stop();
        }
        command.release();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free loopback port for a child: " + e.getMessage(), e);
        }
    }
}
