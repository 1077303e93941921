package com.cascade4arm.routes.state;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import org.apache.camel.spi.PropertiesComponent;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where shared state lives (keys {@code cascade.store*}: {@link StoreConfig}): local files (the
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

    /** Files: state in cascade.data-dir. Postgres: state in the database at cascade.store.jdbc-url. */
    public enum Kind { FILES, POSTGRES }

    /** Files with every default. */
    public static StoreSettings files() {
        return from(ConfigBinding.defaults().cascade());
    }

    public static StoreSettings from(PropertiesComponent properties) {
        return from(ConfigBinding.bind(properties).cascade());
    }

    /** From the bound cascade.store* keys ({@link StoreConfig}); postgres needs a jdbc:postgresql: URL. */
    public static StoreSettings from(CascadeConfig config) {
        StoreConfig store = config.store();
        Kind kind = switch (store.kind().toLowerCase(Locale.ROOT)) {
            case "files" -> Kind.FILES;
            case "postgres" -> Kind.POSTGRES;
            default -> throw new IllegalArgumentException(KIND_KEY + " must be files or postgres, but was " + store.kind());
        };
        String url = store.jdbcUrl().orElse(null);
        if (kind == Kind.POSTGRES && (url == null || !url.startsWith("jdbc:postgresql:"))) {
            throw new IllegalArgumentException("cascade.store.jdbc-url must be a jdbc:postgresql: URL when "
                    + KIND_KEY + "=postgres, but was " + (url == null ? "empty" : url));
        }
        return new StoreSettings(kind, url, store.user().orElse(null), store.password().orElse(null), store.poolSize(),
                store.reconcileMs(), store.retryMs(), store.schedulerCheckinMs(), store.runStaleMs(),
                store.replicaName().orElseGet(StoreSettings::localHostName));
    }

    public boolean shared() {
        return kind == Kind.POSTGRES;
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
