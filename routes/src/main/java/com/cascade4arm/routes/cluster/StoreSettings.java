package com.cascade4arm.routes.cluster;

import org.apache.camel.spi.PropertiesComponent;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.function.Function;

/**
 * Where shared state lives (keys {@code cascade.store*}, documented in application.properties): local files (the
 * default: one gateway, no database) or PostgreSQL, shared by every gateway replica.
 *
 * @param reconcileMs how often a replica re-reads the active rules version although no notification came (safety net)
 * @param retryMs     how long a replica waits between attempts to reach a database that is down
 * @param checkinMs   how often the scheduler of each replica checks in; a replica silent for longer is taken over
 * @param runStaleMs  a benchmark run whose owner has not written its heartbeat for this long is marked interrupted
 */
public record StoreSettings(Kind kind, String jdbcUrl, String user, String password, int poolSize, long reconcileMs,
                            long retryMs, long checkinMs, long runStaleMs, String replicaName) {
    public static final String KIND_KEY = "cascade.store";
    public static final int DEFAULT_POOL_SIZE = 5;
    public static final long DEFAULT_RECONCILE_MS = 30_000;
    public static final long DEFAULT_RETRY_MS = 1_000;
    public static final long DEFAULT_CHECKIN_MS = 7_500;
    /** 30 missed heartbeats (one every 0.5 s): a long GC pause or a blip is not a dead replica. */
    public static final long DEFAULT_RUN_STALE_MS = 15_000;

    /** Files: state in cascade.data-dir. Postgres: state in the database at cascade.store.jdbc-url. */
    public enum Kind { FILES, POSTGRES }

    public static StoreSettings files() {
        return new StoreSettings(Kind.FILES, null, null, null, DEFAULT_POOL_SIZE, DEFAULT_RECONCILE_MS,
                DEFAULT_RETRY_MS, DEFAULT_CHECKIN_MS, DEFAULT_RUN_STALE_MS, localHostName());
    }

    public static StoreSettings from(PropertiesComponent properties) {
        return read(key -> properties.resolveProperty(key).orElse(null));
    }

    /** Reads the keys through {@code property} (null or blank = unset) and checks them, naming the bad value. */
    public static StoreSettings read(Function<String, String> property) {
        Function<String, String> value = key -> {
            String v = property.apply(key);
            return v == null || v.isBlank() ? null : v.trim();
        };
        String kindText = value.apply(KIND_KEY);
        Kind kind = switch (kindText == null ? "files" : kindText.toLowerCase(Locale.ROOT)) {
            case "files" -> Kind.FILES;
            case "postgres" -> Kind.POSTGRES;
            default -> throw new IllegalArgumentException(KIND_KEY + " must be files or postgres, but was " + kindText);
        };
        String url = value.apply("cascade.store.jdbc-url");
        if (kind == Kind.POSTGRES && (url == null || !url.startsWith("jdbc:postgresql:"))) {
            throw new IllegalArgumentException("cascade.store.jdbc-url must be a jdbc:postgresql: URL when "
                    + KIND_KEY + "=postgres, but was " + (url == null ? "empty" : url));
        }
        String replica = value.apply("cascade.store.replica-name");
        return new StoreSettings(kind, url, value.apply("cascade.store.user"), value.apply("cascade.store.password"),
                (int) positive(value, "cascade.store.pool-size", DEFAULT_POOL_SIZE),
                positive(value, "cascade.store.reconcile-ms", DEFAULT_RECONCILE_MS),
                positive(value, "cascade.store.retry-ms", DEFAULT_RETRY_MS),
                positive(value, "cascade.store.scheduler-checkin-ms", DEFAULT_CHECKIN_MS),
                positive(value, "cascade.store.run-stale-ms", DEFAULT_RUN_STALE_MS),
                replica == null ? localHostName() : replica);
    }

    public boolean shared() {
        return kind == Kind.POSTGRES;
    }

    private static long positive(Function<String, String> value, String key, long fallback) {
        String text = value.apply(key);
        if (text == null) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(text.replace("_", ""));
            if (parsed >= 1) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new IllegalArgumentException(key + " must be a positive integer, but was " + text);
    }

    /** In Kubernetes the pod name; on a plain box its host name. */
    private static String localHostName() {
        String host = System.getenv("HOSTNAME");
        if (host != null && !host.isBlank()) {
            return host;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "gateway";
        }
    }
}
