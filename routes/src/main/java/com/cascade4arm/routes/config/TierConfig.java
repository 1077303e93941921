package com.cascade4arm.routes.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Pattern;
import org.hibernate.validator.constraints.Range;

import java.util.Optional;

/**
 * The keys of one model tier, {@code cascade.<tier>.*}: bound once per name in {@code cascade.tiers}, so a tier more is
 * configuration only ({@link ConfigBinding} registers this mapping under each tier's prefix).
 */
public interface TierConfig {
    /** Comma-separated base URLs of the tier's endpoints; empty: none (the application may start embedded hosts). */
    Optional<String> urls();

    Optional<String> apiKey();

    /** Another tier's name or none; empty: the next tier in cascade.tiers, round. */
    Optional<String> fallback();

    /** What llama.cpp servers without tool support (our hosts, llama-server without --jinja tools) template. */
    @WithDefault("system,developer,user,assistant")
    String roles();

    /**
     * How the tier's pool picks an endpoint: {@code least-busy} or {@code prefix-affinity} (a conversation's turns to
     * the replica that holds its prompt in cache); empty: prefix-affinity where the tier has more than one endpoint.
     */
    Optional<String> balance();

    /**
     * Slots per endpoint to name in requests ({@code id_slot}, llama-server's {@code -np}) under prefix affinity: each
     * conversation goes back to the slot that served it. 0 (default): the server picks by prompt similarity itself;
     * set it only for llama-server endpoints (other servers may refuse the field).
     */
    @WithDefault("0") @Range(min = 0, max = 1024) int slots();

    /**
     * Where a request goes when this tier cannot take it in time: {@code hosted} (the hosted API, through the same route
     * as Compare's hosted leg) or {@code none} (default: it queues, as always).
     */
    @WithDefault("none") @Pattern(regexp = "hosted|none") String overflow();

    /**
     * With overflow on: the longest expected wait (in flight × recent time per request, per endpoint, the shortest of
     * the pool's) a request may face here before it overflows, ms.
     */
    @WithDefault("10000") @Range(min = 0, max = 3_600_000) long maxQueueMs();

    /** Prefix affinity's load bound: an endpoint with ceil(factor × average in-flight) requests gives way. */
    @WithDefault("1.25") @DecimalMin("1") @DecimalMax("100") double loadFactor();
}
