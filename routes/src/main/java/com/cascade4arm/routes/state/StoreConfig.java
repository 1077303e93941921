package com.cascade4arm.routes.state;

import com.cascade4arm.routes.config.CascadeConfig;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithParentName;
import jakarta.validation.constraints.Min;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Where shared state lives: {@code cascade.store} and {@code cascade.store.*} (part of {@link CascadeConfig}): local
 * files (the default: one gateway, no database) or PostgreSQL, shared by every gateway replica.
 */
public interface StoreConfig {
    String KIND_KEY = "cascade.store";

    /** Files: state in cascade.data-dir. Postgres: state in the database at cascade.store.jdbc-url. */
    enum Kind { FILES, POSTGRES }

    /** files or postgres ({@code cascade.store} itself; {@link #storeKind()}). */
    @WithParentName @WithDefault("files") String kind();

    Optional<String> jdbcUrl();

    Optional<String> user();

    Optional<String> password();

    /** Empty: $HOSTNAME (the pod name in Kubernetes) or the host name. */
    Optional<String> replicaName();

    @WithDefault("5") @Min(1) int poolSize();

    /** How often a replica re-reads the active rules version although no notification came (safety net). */
    @WithDefault("30000") @Min(1) long reconcileMs();

    /** How long a replica waits between attempts to reach a database that is down. */
    @WithDefault("1000") @Min(1) long retryMs();

    /** How often the scheduler of each replica checks in; a replica silent for longer is taken over. */
    @WithDefault("7500") @Min(1) long schedulerCheckinMs();

    /**
     * A benchmark run whose owner has not written its heartbeat for this long is marked interrupted. 30 missed
     * heartbeats (one every 0.5 s): a long GC pause or a blip is not a dead replica.
     */
    @WithDefault("15000") @Min(1) long runStaleMs();

    /** cascade.store as a kind; postgres needs a jdbc:postgresql: URL (checked at binding). */
    default Kind storeKind() {
        Kind kind = switch (kind().toLowerCase(Locale.ROOT)) {
            case "files" -> Kind.FILES;
            case "postgres" -> Kind.POSTGRES;
            default -> throw new IllegalArgumentException(KIND_KEY + " must be files or postgres, but was " + kind());
        };
        String url = jdbcUrl().orElse(null);
        if (kind == Kind.POSTGRES && (url == null || !url.startsWith("jdbc:postgresql:"))) {
            throw new IllegalArgumentException("cascade.store.jdbc-url must be a jdbc:postgresql: URL when "
                    + KIND_KEY + "=postgres, but was " + (url == null ? "empty" : url));
        }
        return kind;
    }

    default boolean shared() {
        return storeKind() == Kind.POSTGRES;
    }

    /** cascade.store.replica-name, else $HOSTNAME (in Kubernetes the pod name), else the host name. */
    default String replica() {
        return replicaName().orElseGet(() -> {
            String host = System.getenv("HOSTNAME");
            if (host != null && !host.isBlank()) {
                return host;
            }
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                return "gateway";
            }
        });
    }
}
