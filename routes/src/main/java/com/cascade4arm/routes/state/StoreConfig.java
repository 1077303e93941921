package com.cascade4arm.routes.state;

import com.cascade4arm.routes.config.CascadeConfig;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithParentName;
import jakarta.validation.constraints.Min;

import java.util.Optional;

/** Where shared state lives: {@code cascade.store} and {@code cascade.store.*} (part of {@link CascadeConfig}). */
public interface StoreConfig {
    /** files or postgres ({@code cascade.store} itself). */
    @WithParentName @WithDefault("files") String kind();

    Optional<String> jdbcUrl();

    Optional<String> user();

    Optional<String> password();

    /** Empty: $HOSTNAME (the pod name in Kubernetes) or the host name. */
    Optional<String> replicaName();

    @WithDefault("5") @Min(1) int poolSize();

    @WithDefault("30000") @Min(1) long reconcileMs();

    @WithDefault("1000") @Min(1) long retryMs();

    @WithDefault("7500") @Min(1) long schedulerCheckinMs();

    /** 30 missed heartbeats (one every 0.5 s): a long GC pause or a blip is not a dead replica. */
    @WithDefault("15000") @Min(1) long runStaleMs();
}
