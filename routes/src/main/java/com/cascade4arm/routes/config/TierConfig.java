package com.cascade4arm.routes.config;

import io.smallrye.config.WithDefault;

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
}
