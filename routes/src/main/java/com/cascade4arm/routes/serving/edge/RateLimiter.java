package com.cascade4arm.routes.serving.edge;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-client token buckets (rate r per second, capacity = burst) with bounded memory: at most {@code maxClients}
 * buckets, least recently used first out, and a bucket that has refilled completely is dropped on the next insert
 * (a full bucket and no bucket behave the same). Each bucket is kept in GCRA form — the time its next token is due —
 * so there is no refill loop and the wait until the next token is exact.
 */
public final class RateLimiter {
    private static final double NANOS_PER_SECOND = 1e9;

    private final long intervalNanos;
    private final long burstToleranceNanos;
    private final int maxClients;
    private final NanoClock clock;
    private final Map<String, Bucket> buckets;
    private long now;

    public RateLimiter(double ratePerSecond, int burst, int maxClients, NanoClock clock) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("ratePerSecond must be a positive number, but was " + ratePerSecond);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be at least 1, but was " + burst);
        }
        if (maxClients < 1) {
            throw new IllegalArgumentException("maxClients must be at least 1, but was " + maxClients);
        }
        this.intervalNanos = Math.max(1, Math.round(NANOS_PER_SECOND / ratePerSecond));
        this.burstToleranceNanos = intervalNanos * (burst - 1L);
        this.maxClients = maxClients;
        this.clock = clock;
        this.buckets = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                return size() > RateLimiter.this.maxClients || eldest.getValue().nextDueNanos <= now;
            }
        };
    }

    /** Takes a token for {@code client}: 0 when it may go now, else the nanoseconds until its next token. */
    public synchronized long tryAcquire(String client) {
        now = clock.nanoTime();
        Bucket bucket = buckets.get(client);
        if (bucket == null) {
            // A client without a bucket has a full one: take its first token (inserted already spent, so the
            // eviction check that runs on insert never drops it at once).
            buckets.put(client, new Bucket(now + intervalNanos));
            return 0;
        }
        long due = Math.max(bucket.nextDueNanos, now);
        long ahead = due - now;
        if (ahead > burstToleranceNanos) {
            return ahead - burstToleranceNanos;
        }
        bucket.nextDueNanos = due + intervalNanos;
        return 0;
    }

    /** Clients with a bucket in memory (bounded by maxClients). */
    public synchronized int trackedClients() {
        return buckets.size();
    }

    /** A wait as the Retry-After header wants it: whole seconds, rounded up, at least 1. */
    public static int retryAfterSeconds(long waitNanos) {
        return (int) Math.max(1, (long) Math.ceil(waitNanos / NANOS_PER_SECOND));
    }

    /** When the client's next token is due; the bucket is full once that time has passed. */
    private static final class Bucket {
        long nextDueNanos;

        Bucket(long nextDueNanos) {
            this.nextDueNanos = nextDueNanos;
        }
    }
}
