package com.cascade4arm.routes.serving.keys;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Requests and tokens per key in the current minute (fixed windows on the wall clock, per replica). A fixed window
 * over the edge's GCRA bucket: limits here are what a team pays for per minute, and "resets at the minute" is what
 * clients can plan with; a key may burst 2 × its limit across a minute boundary.
 */
final class KeyRateWindows {
    private static final long MINUTE_MS = 60_000;

    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

    /** Counts one request, or returns the seconds until the window that refuses it ends (counting nothing). */
    long admit(ApiKey key, long nowMs) {
        if (key.requestsPerMinute() <= 0 && key.tokensPerMinute() <= 0) {
            return 0;
        }
        Window window = windows.computeIfAbsent(key.id(), id -> new Window());
        synchronized (window) {
            window.roll(nowMs);
            boolean requestsFull = key.requestsPerMinute() > 0 && window.requests >= key.requestsPerMinute();
            boolean tokensFull = key.tokensPerMinute() > 0 && window.tokens >= key.tokensPerMinute();
            if (requestsFull || tokensFull) {
                return Math.max(1, (window.start + MINUTE_MS - nowMs + 999) / 1000);
            }
            window.requests++;
            return 0;
        }
    }

    /** Adds an answer's tokens to its key's window (they count against the next requests, not this one). */
    void addTokens(String keyId, long tokens, long nowMs) {
        Window window = windows.computeIfAbsent(keyId, id -> new Window());
        synchronized (window) {
            window.roll(nowMs);
            window.tokens += tokens;
        }
    }

    private static final class Window {
        long start = -1;
        long requests;
        long tokens;

        void roll(long nowMs) {
            long minute = nowMs - nowMs % MINUTE_MS;
            if (minute != start) {
                start = minute;
                requests = 0;
                tokens = 0;
            }
        }
    }
}
