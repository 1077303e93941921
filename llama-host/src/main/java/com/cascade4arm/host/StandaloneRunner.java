package com.cascade4arm.host;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Runs one endpoint server as a process: starts it, waits until it is ready and keeps serving until SIGINT/SIGTERM,
 * when a shutdown hook closes it (bounded in time). Every other way out calls {@code System.exit} explicitly,
 * because llama.cpp leaves a non-daemon native thread that would otherwise keep the JVM alive.
 */
public final class StandaloneRunner {

    private static final Logger LOG = LoggerFactory.getLogger(StandaloneRunner.class);
    public static final Duration READY_TIMEOUT = Duration.ofMinutes(10);
    static final long CLOSE_TIMEOUT_MS = 15_000;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    private StandaloneRunner() {
    }

    /** Returns once the server is ready (it keeps serving); exits the process if it cannot start. */
    public static void run(String name, Supplier<? extends ModelEndpointServer> starter) {
        ModelEndpointServer server;
        try {
            server = starter.get();
        } catch (IllegalArgumentException e) {
            System.err.println(name + ": " + e.getMessage());
            System.exit(EXIT_USAGE);
            return;
        } catch (RuntimeException e) {
            LOG.error("{} failed to start: {}", name, e.getMessage(), e);
            System.exit(EXIT_FAILED);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> closeWithin(server), name + "-shutdown"));
        try {
            server.awaitReady(READY_TIMEOUT);
            LOG.info("{} ready at {}", name, server.baseUrl());
        } catch (RuntimeException e) {
            LOG.error("{} did not become ready: {}", name, e.getMessage());
            System.exit(EXIT_FAILED);
        }
    }

    /** Closes on a daemon thread so a stuck native call cannot hold the JVM's shutdown forever. */
    private static void closeWithin(ModelEndpointServer server) {
        Thread closer = new Thread(() -> {
            try {
                server.close();
            } catch (RuntimeException e) {
                LOG.warn("error while closing: {}", e.toString());
            }
        }, "endpoint-close");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(CLOSE_TIMEOUT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
