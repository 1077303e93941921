package com.cascade4arm.routes.config;

import java.util.Map;

/**
 * One binding of the gateway's configuration ({@link ConfigBinding}): the {@code cascade.*} keys, each configured
 * tier's keys in {@code cascade.tiers} order, and the HTTP server's bind address (null when unset).
 */
public record Configuration(CascadeConfig cascade, Map<String, TierConfig> tiers, String bindHost) {
}
