package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.CascadeConfig;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import org.hibernate.validator.constraints.Range;

import java.util.Optional;

/** The edge's keys {@code cascade.edge.*} with their defaults and bounds (part of {@link CascadeConfig}). */
public interface EdgeConfig {
    /** Named explicitly: the validator would otherwise name the group rateLimit in its messages. */
    @WithName("rate-limit")
    RateLimit rateLimit();

    @WithDefault("4") @Range(min = 1, max = 100_000) int maxConcurrentPerClient();

    /** Also the most connections the gateway opens to one upstream endpoint. */
    @WithDefault("128") @Range(min = 1, max = 100_000) int maxConcurrentRequests();

    @WithDefault("64") @Range(min = 1, max = 100_000) int maxStreams();

    @WithDefault("1000") @Range(min = 1, max = 1_000_000) int maxConnections();

    /** Well above a browser's 6 and the benchmark's 64, far below max-connections: one address cannot take them all. */
    @WithDefault("128") @Range(min = 1, max = 1_000_000) int maxConnectionsPerClient();

    Optional<String> allowedOrigins();

    Optional<String> allowedHosts();

    Optional<String> trustedProxies();

    @WithDefault("10000") @Range(min = 100, max = 3_600_000) long headerTimeoutMs();

    @WithDefault("30000") @Range(min = 100, max = 3_600_000) long bodyTimeoutMs();

    @WithDefault("30000") @Range(min = 100, max = 3_600_000) long writeStallTimeoutMs();

    @WithDefault("64") @Range(min = 4, max = 10_000) int maxHeaders();

    /** Vert.x's own default, stated here so it is a decision, not an accident. */
    @WithDefault("8192") @Range(min = 1_024, max = 1_048_576) int maxHeaderBytes();

    @WithDefault("4096") @Range(min = 256, max = 1_048_576) int maxRequestLineBytes();

    /** {@code cascade.edge.rate-limit.*}: per-client token buckets, one for API calls and one for reads (GET). */
    interface RateLimit {
        /** auto (on when the bind address is not loopback), true or false. */
        @WithDefault("auto") String enabled();

        @WithDefault("1") @DecimalMin("0.001") @DecimalMax("1000000") double requestsPerSecond();

        @WithDefault("5") @Range(min = 1, max = 1_000_000) int burst();

        /** Reads are cheap and the console polls them: a bucket of their own. */
        @WithDefault("10") @DecimalMin("0.001") @DecimalMax("1000000") double readsPerSecond();

        @WithDefault("20") @Range(min = 1, max = 1_000_000) int readsBurst();

        @WithDefault("10000") @Range(min = 1, max = 10_000_000) int maxClients();
    }
}
