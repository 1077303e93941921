package com.cascade4arm.routes.edge;

import com.cascade4arm.routes.config.PropertyReader;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * The edge's limits (keys {@code cascade.edge.*}, documented in application.properties), read and checked at startup
 * so a bad value fails the start naming the key and the value. {@code internalKey} is not configured: it is drawn at
 * random per process and lets the gateway's own loopback calls (benchmark, compare) past the per-client limits.
 */
public record EdgeSettings(double requestsPerSecond, int burst, double readsPerSecond, int readsBurst,
                           int maxTrackedClients, int maxConcurrentPerClient,
                           int maxConcurrentRequests, int maxStreams, int maxConnections, List<Cidr> trustedProxies,
                           long headerTimeoutMs, long bodyTimeoutMs, long writeStallTimeoutMs, int maxHeaders,
                           int maxHeaderBytes, int maxRequestLineBytes, int maxConnectionsPerClient,
                           List<String> allowedOrigins, List<String> allowedHosts, boolean exposeEndpoints,
                           long metricsCacheMs,
                           Exposure exposure, boolean rateLimited, String internalKey) {
    /** auto (default: on when {@link Exposure#exposed()}), true or false: whether the per-client rate limits apply. */
    public static final String RATE_LIMIT_ENABLED_KEY = "cascade.edge.rate-limit.enabled";
    /** Host names (besides loopback and IP literals) requests may be addressed to: DNS rebinding, {@link AllowedHosts}. */
    public static final String ALLOWED_HOSTS_KEY = "cascade.edge.allowed-hosts";
    /** The HTTP server's bind address, read to tell a laptop from a public box. */
    public static final String BIND_HOST_KEY = "camel.server.host";
    public static final double DEFAULT_REQUESTS_PER_SECOND = 1.0;
    public static final int DEFAULT_BURST = 5;
    /** Reads (GET: model list, run status, rule history) are cheap, and the console polls them: a bucket of their own. */
    public static final double DEFAULT_READS_PER_SECOND = 10.0;
    public static final int DEFAULT_READS_BURST = 20;
    public static final int DEFAULT_MAX_TRACKED_CLIENTS = 10_000;
    public static final int DEFAULT_MAX_CONCURRENT_PER_CLIENT = 4;
    public static final int DEFAULT_MAX_CONCURRENT_REQUESTS = 128;
    public static final int DEFAULT_MAX_STREAMS = 64;
    public static final int DEFAULT_MAX_CONNECTIONS = 1_000;
    public static final long DEFAULT_HEADER_TIMEOUT_MS = 10_000;
    public static final long DEFAULT_BODY_TIMEOUT_MS = 30_000;
    public static final long DEFAULT_WRITE_STALL_TIMEOUT_MS = 30_000;
    public static final int DEFAULT_MAX_HEADERS = 64;
    /** Vert.x's own default, stated here so it is a decision, not an accident. */
    public static final int DEFAULT_MAX_HEADER_BYTES = 8_192;
    public static final int DEFAULT_MAX_REQUEST_LINE_BYTES = 4_096;
    /**
     * Open connections one client (socket address; IPv6 per /64) may hold: well above a browser's 6 and the benchmark's
     * 64 concurrent requests, far below max-connections, so one address cannot take every connection.
     */
    public static final int DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 128;
    /** How long one /metrics scrape is served again, in ms: scrapes cost CPU, so a flood of them costs one per period. */
    public static final long DEFAULT_METRICS_CACHE_MS = 1_000;
    private static final int INTERNAL_KEY_BYTES = 32;

    /** Reads the cascade.edge.* keys through {@code property} (null or blank = unset, i.e. the default). */
    public static EdgeSettings read(Function<String, String> property) {
        Values v = new Values(property);
        Exposure exposure = Exposure.of(v.text(BIND_HOST_KEY));
        return new EdgeSettings(
                v.decimal("cascade.edge.rate-limit.requests-per-second", DEFAULT_REQUESTS_PER_SECOND, 0.001, 1_000_000),
                (int) v.integer("cascade.edge.rate-limit.burst", DEFAULT_BURST, 1, 1_000_000),
                v.decimal("cascade.edge.rate-limit.reads-per-second", DEFAULT_READS_PER_SECOND, 0.001, 1_000_000),
                (int) v.integer("cascade.edge.rate-limit.reads-burst", DEFAULT_READS_BURST, 1, 1_000_000),
                (int) v.integer("cascade.edge.rate-limit.max-clients", DEFAULT_MAX_TRACKED_CLIENTS, 1, 10_000_000),
                (int) v.integer("cascade.edge.max-concurrent-per-client", DEFAULT_MAX_CONCURRENT_PER_CLIENT, 1, 100_000),
                (int) v.integer("cascade.edge.max-concurrent-requests", DEFAULT_MAX_CONCURRENT_REQUESTS, 1, 100_000),
                (int) v.integer("cascade.edge.max-streams", DEFAULT_MAX_STREAMS, 1, 100_000),
                (int) v.integer("cascade.edge.max-connections", DEFAULT_MAX_CONNECTIONS, 1, 1_000_000),
                v.cidrs("cascade.edge.trusted-proxies"),
                v.integer("cascade.edge.header-timeout-ms", DEFAULT_HEADER_TIMEOUT_MS, 100, 3_600_000),
                v.integer("cascade.edge.body-timeout-ms", DEFAULT_BODY_TIMEOUT_MS, 100, 3_600_000),
                v.integer("cascade.edge.write-stall-timeout-ms", DEFAULT_WRITE_STALL_TIMEOUT_MS, 100, 3_600_000),
                (int) v.integer("cascade.edge.max-headers", DEFAULT_MAX_HEADERS, 4, 10_000),
                (int) v.integer("cascade.edge.max-header-bytes", DEFAULT_MAX_HEADER_BYTES, 1_024, 1_048_576),
                (int) v.integer("cascade.edge.max-request-line-bytes", DEFAULT_MAX_REQUEST_LINE_BYTES, 256, 1_048_576),
                (int) v.integer("cascade.edge.max-connections-per-client", DEFAULT_MAX_CONNECTIONS_PER_CLIENT, 1, 1_000_000),
                v.origins("cascade.edge.allowed-origins"),
                v.hosts(ALLOWED_HOSTS_KEY),
                v.bool("cascade.expose-endpoints"),
                v.integer("cascade.metrics.cache-ms", DEFAULT_METRICS_CACHE_MS, 0, 600_000),
                exposure,
                exposure.rateLimited(v.text(RATE_LIMIT_ENABLED_KEY)),
                randomKey());
    }

    /** The defaults, as if no cascade.edge.* key were set (bound to loopback). */
    public static EdgeSettings defaults() {
        return read(key -> null);
    }

    /** One start-up log line: which protections apply because of where the gateway listens, and how to change them. */
    public String protectionSummary() {
        String limits = rateLimited
                ? "per-client rate limit ON: " + requestsPerSecond + " request(s)/s, bursts of " + burst + "; reads "
                        + readsPerSecond + "/s, bursts of " + readsBurst
                : "per-client rate limit OFF";
        String rules = exposure.exposed() ? "rule validate/dry-run need the admin token" : "rule validate/dry-run open";
        return "Edge: " + exposure.describe() + ": " + limits + "; " + rules + "; at most " + maxConcurrentPerClient
                + " requests at once per client, " + maxConcurrentRequests + " in all. Change with "
                + RATE_LIMIT_ENABLED_KEY + "=true|false|auto (env CASCADE_RATE_LIMIT) and cascade.edge.rate-limit.*";
    }

    private static String randomKey() {
        byte[] bytes = new byte[INTERNAL_KEY_BYTES];
        new SecureRandom().nextBytes(bytes);
        return "cascade-internal-" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public String toString() {
        // The internal key stays out of logs.
        return "EdgeSettings[exposure=" + exposure + ", rateLimited=" + rateLimited
                + ", requestsPerSecond=" + requestsPerSecond + ", burst=" + burst + ", readsPerSecond="
                + readsPerSecond + ", readsBurst=" + readsBurst + ", maxTrackedClients="
                + maxTrackedClients + ", maxConcurrentPerClient=" + maxConcurrentPerClient + ", maxConcurrentRequests="
                + maxConcurrentRequests + ", maxStreams=" + maxStreams + ", maxConnections=" + maxConnections
                + ", trustedProxies=" + trustedProxies + ", headerTimeoutMs=" + headerTimeoutMs + ", bodyTimeoutMs="
                + bodyTimeoutMs + ", writeStallTimeoutMs=" + writeStallTimeoutMs + ", maxHeaders=" + maxHeaders
                + ", maxHeaderBytes=" + maxHeaderBytes + ", maxRequestLineBytes=" + maxRequestLineBytes
                + ", maxConnectionsPerClient=" + maxConnectionsPerClient + ", allowedOrigins=" + allowedOrigins
                + ", allowedHosts=" + allowedHosts                + ", exposeEndpoints=" + exposeEndpoints + ", metricsCacheMs=" + metricsCacheMs + "]";
    }

    /** The shared typed reads plus the one this settings group adds (CIDR lists). */
    private record Values(PropertyReader reader) {
        Values(Function<String, String> property) {
            this(new PropertyReader(property));
        }

        String text(String key) {
            return reader.text(key);
        }

        long integer(String key, long fallback, long min, long max) {
            return reader.integer(key, fallback, min, max);
        }

        double decimal(String key, double fallback, double min, double max) {
            return reader.decimal(key, fallback, min, max);
        }

        boolean bool(String key) {
            String value = text(key);
            if (value == null || value.equalsIgnoreCase("false")) {
                return false;
            }
            if (value.equalsIgnoreCase("true")) {
                return true;
            }
            throw new IllegalArgumentException(key + " must be true or false, but was " + value);
        }

        /** Origins as browsers send them: scheme://host[:port], no path; compared case-insensitively. */
        List<String> origins(String key) {
            String value = text(key);
            List<String> origins = new ArrayList<>();
            if (value == null) {
                return origins;
            }
            for (String part : value.split(",")) {
                String origin = part.trim().toLowerCase(java.util.Locale.ROOT);
                if (origin.isEmpty()) {
                    continue;
                }
                if (!origin.matches("https?://[^/\\s]+")) {
                    throw new IllegalArgumentException(key + " must list origins like https://console.example.com, but had "
                            + part.trim());
                }
                origins.add(origin);
            }
            return List.copyOf(origins);
        }

        /** Host names without port, lower-case: {@code gateway.example.com}, {@code .example.com} (any subdomain) or {@code *}. */
        List<String> hosts(String key) {
            String value = text(key);
            List<String> hosts = new ArrayList<>();
            if (value == null) {
                return hosts;
            }
            for (String part : value.split(",")) {
                String host = part.trim().toLowerCase(java.util.Locale.ROOT);
                if (host.startsWith("*.")) {
                    host = host.substring(1);
                }
                if (host.isEmpty()) {
                    continue;
                }
                if (!host.equals("*") && !host.matches("\\.?[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?")) {
                    throw new IllegalArgumentException(key + " must list host names like gateway.example.com (no scheme, "
                            + "no port), .example.com for its subdomains, or *, but had " + part.trim());
                }
                hosts.add(host);
            }
            return List.copyOf(hosts);
        }

        List<Cidr> cidrs(String key) {
            String value = text(key);
            List<Cidr> blocks = new ArrayList<>();
            if (value == null) {
                return blocks;
            }
            for (String part : value.split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                try {
                    blocks.add(Cidr.parse(part));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(key + " must list IP addresses or CIDR blocks, but had " + part.trim()
                            + " (" + e.getMessage() + ")");
                }
            }
            return List.copyOf(blocks);
        }
    }
}
