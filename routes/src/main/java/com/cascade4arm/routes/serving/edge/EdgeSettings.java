package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.CommaList;
import com.cascade4arm.routes.config.Configuration;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The edge's limits: its keys ({@code cascade.edge.*}, {@link #config()}) with what is derived from them at startup so
 * a bad value fails the start naming the key and the value — the parsed lists, the exposure the HTTP server's bind
 * address gives (not a {@code cascade.*} key) and whether the rate limits apply. {@code internalKey} is not configured:
 * it is drawn at random per process and lets the gateway's own loopback calls (benchmark, compare) past the
 * per-client limits.
 */
public record EdgeSettings(EdgeConfig config, List<Cidr> trustedProxies, List<String> allowedOrigins,
                           List<String> allowedHosts, Exposure exposure, boolean rateLimited, String internalKey) {
    /** auto (default: on when {@link Exposure#exposed()}), true or false: whether the per-client rate limits apply. */
    public static final String RATE_LIMIT_ENABLED_KEY = "cascade.edge.rate-limit.enabled";
    /** Host names (besides loopback and IP literals) requests may be addressed to: DNS rebinding, {@link AllowedHosts}. */
    public static final String ALLOWED_HOSTS_KEY = "cascade.edge.allowed-hosts";
    private static final int INTERNAL_KEY_BYTES = 32;

    public static EdgeSettings from(Configuration configuration) {
        return from(configuration.cascade(), configuration.bindHost());
    }

    /** From the bound cascade.edge.* keys and the HTTP server's bind address (null = unset, the loopback default). */
    public static EdgeSettings from(CascadeConfig config, String bindHost) {
        EdgeConfig e = config.edge();
        Exposure exposure = Exposure.of(bindHost);
        return new EdgeSettings(e, cidrs("cascade.edge.trusted-proxies", e.trustedProxies().orElse(null)),
                origins("cascade.edge.allowed-origins", e.allowedOrigins().orElse(null)),
                hosts(ALLOWED_HOSTS_KEY, e.allowedHosts().orElse(null)),
                exposure, exposure.rateLimited(e.rateLimit().enabled()), randomKey());
    }

    /** One start-up log line: which protections apply because of where the gateway listens, and how to change them. */
    public String protectionSummary() {
        EdgeConfig.RateLimit r = config.rateLimit();
        String limits = rateLimited
                ? "per-client rate limit ON: " + r.requestsPerSecond() + " request(s)/s, bursts of " + r.burst()
                        + "; reads " + r.readsPerSecond() + "/s, bursts of " + r.readsBurst()
                : "per-client rate limit OFF";
        String rules = exposure.exposed() ? "rule validate/dry-run need the admin token" : "rule validate/dry-run open";
        return "Edge: " + exposure.describe() + ": " + limits + "; " + rules + "; at most " + config.maxConcurrentPerClient()
                + " requests at once per client, " + config.maxConcurrentRequests() + " in all. Change with "
                + RATE_LIMIT_ENABLED_KEY + "=true|false|auto (env CASCADE_RATE_LIMIT) and cascade.edge.rate-limit.*";
    }

    // The list-valued keys (origins, host names, CIDR blocks), parsed and checked, naming the key and the bad entry.

    /** Origins as browsers send them: scheme://host[:port], no path; compared case-insensitively. */
    static List<String> origins(String key, String value) {
        return each(key, value, "origins like https://console.example.com", part -> {
            String origin = part.toLowerCase(Locale.ROOT);
            return origin.matches("https?://[^/\\s]+") ? origin : null;
        });
    }

    /** Host names without port, lower-case: {@code gateway.example.com}, {@code .example.com} (any subdomain) or {@code *}. */
    static List<String> hosts(String key, String value) {
        return each(key, value, "host names like gateway.example.com (no scheme, no port), .example.com for its"
                + " subdomains, or *", part -> {
            String host = part.toLowerCase(Locale.ROOT).replaceFirst("^\\*\\.", ".");
            return host.equals("*") || host.matches("\\.?[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?") ? host : null;
        });
    }

    static List<Cidr> cidrs(String key, String value) {
        return each(key, value, "IP addresses or CIDR blocks", Cidr::parse);
    }

    /** Every entry parsed; one {@code parse} refuses (null, or IllegalArgumentException with why) fails the start. */
    private static <T> List<T> each(String key, String value, String expected, Function<String, T> parse) {
        return CommaList.of(value).stream().map(part -> {
            T parsed;
            try {
                parsed = parse.apply(part);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(key + " must list " + expected + ", but had " + part
                        + " (" + e.getMessage() + ")");
            }
            if (parsed == null) {
                throw new IllegalArgumentException(key + " must list " + expected + ", but had " + part);
            }
            return parsed;
        }).toList();
    }

    private static String randomKey() {
        byte[] bytes = new byte[INTERNAL_KEY_BYTES];
        new SecureRandom().nextBytes(bytes);
        return "cascade-internal-" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public String toString() {
        // The internal key stays out of logs.
        return "EdgeSettings[exposure=" + exposure + ", rateLimited=" + rateLimited + ", trustedProxies=" + trustedProxies
                + ", allowedOrigins=" + allowedOrigins + ", allowedHosts=" + allowedHosts + "]";
    }
}
