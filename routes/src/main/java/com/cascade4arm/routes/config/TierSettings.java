package com.cascade4arm.routes.config;

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
 */
public record TierSettings(String name, List<URI> urls, String apiKey, String fallback, Set<String> roles) {
    public TierSettings {
        urls = List.copyOf(urls);
        roles = Set.copyOf(roles);
    }

    public TierSettings withUrls(List<URI> newUrls) {
        return new TierSettings(name, newUrls, apiKey, fallback, roles);
    }
}
