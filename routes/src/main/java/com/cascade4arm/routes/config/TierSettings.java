package com.cascade4arm.routes.config;

import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * One model tier of the cascade (a pool the rulebook can route to), from {@code cascade.tiers} and its own keys:
 * {@code cascade.<tier>.urls}, {@code .api-key}, {@code .fallback}, {@code cascade.cost.<tier>.usd-per-hour} and
 * {@code .slots}.
 *
 * @param fallback the tier that serves when this one cannot (all endpoints down or open); null for none
 * @param roles    the message roles its pool serves ({@code cascade.<tier>.roles}); others are refused with 400
 */
public record TierSettings(String name, List<URI> urls, String apiKey, double usdPerHour, int slots, String fallback,
                           Set<String> roles) {
    public TierSettings {
        urls = List.copyOf(urls);
        roles = Set.copyOf(roles);
    }

    public TierSettings withUrls(List<URI> newUrls) {
        return new TierSettings(name, newUrls, apiKey, usdPerHour, slots, fallback, roles);
    }
}
