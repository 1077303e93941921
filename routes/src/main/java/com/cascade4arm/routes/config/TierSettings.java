package com.cascade4arm.routes.config;

import com.cascade4arm.routes.serving.overflow.OverflowPolicy;
import com.cascade4arm.routes.serving.upstream.Balance;

import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * One model tier of the cascade (a pool the rulebook can route to), from {@code cascade.tiers} and its own keys:
 * {@code cascade.<tier>.urls}, {@code .api-key} and {@code .fallback}. What the tiers cost is the cascade's instance
 * price ({@code cascade.cost.cascade.usd-per-hour}), not a per-tier setting.
 *
 * @param fallback the tier that serves when this one cannot (all endpoints down or open); null for none
 * @param roles    the message roles its pool serves ({@code cascade.<tier>.roles}); others are refused with 400
 * @param balance  {@code cascade.<tier>.balance}; null: prefix-affinity with more than one endpoint, else least-busy
 * @param slots    {@code cascade.<tier>.slots}: slots per endpoint named in requests (0: the server picks)
 * @param loadFactor {@code cascade.<tier>.load-factor}: prefix affinity's load bound over the average in-flight
 * @param overflow {@code cascade.<tier>.overflow} and {@code .max-queue-ms}: when a request goes to the hosted API
 */
public record TierSettings(String name, List<URI> urls, String apiKey, String fallback, Set<String> roles,
                           Balance balance, int slots, double loadFactor, OverflowPolicy overflow) {
    public TierSettings {
        urls = List.copyOf(urls);
        roles = Set.copyOf(roles);
    }

    public TierSettings withUrls(List<URI> newUrls) {
        return new TierSettings(name, newUrls, apiKey, fallback, roles, balance, slots, loadFactor, overflow);
    }

    /**
     * The balance the pool runs with: the configured one, else prefix affinity where the tier has more than one endpoint
     * (bench/README.md, "Prefix-cache-aware routing": turn 2+ TTFT p50 1.6–5.9× lower on the reference llama-server
     * when its RAM prompt cache cannot hold every conversation, 2.7× when it can), least-busy with one.
     */
    public Balance effectiveBalance() {
        return balance != null ? balance : urls.size() > 1 ? Balance.PREFIX_AFFINITY : Balance.LEAST_BUSY;
    }
}
