package com.cascade4arm.routes.serving.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiFunction;

/**
 * Requests and tokens per key in the current minute (fixed windows on the wall clock). Each replica counts what it
 * admits; with a shared store the replicas publish their counts to each other every sync ({@link KeyStore#shareMinutes},
 * {@link KeyStore#othersInMinute}) and a request is admitted only while this replica's count plus the others' last
 * published counts fit the limit: the replicas together may admit past a limit only what the others admitted since
 * their counts were last read (at most two sync periods). A fixed window
 * over the edge's GCRA bucket: limits here are what a team pays for per minute, and "resets at the minute" is what
 * clients can plan with; a key may burst 2 × its limit across a minute boundary.
 * <p>
 * Tokens are counted when a request is admitted, not only when it is answered: its prompt's estimate is reserved in
 * the window then (a request is admitted only while the reservations fit under tokens/min), and replaced by the
 * answer's real prompt and completion tokens when it ends (an unanswered request gives its reservation back). So a
 * burst of concurrent requests cannot all pass a window that looks empty: what a minute admits past tokens/min is
 * at most the completion tokens of the requests in flight (plus what the estimates undercounted their prompts by).
 */
final class KeyRateWindows {
    static final long MINUTE_MS = 60_000;

    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();
    /** The other replicas' counts of a key's minute (memory only: read on the request path). */
    private final BiFunction<String, Long, MinuteCount> others;

    /** Windows of one gateway: no other replica counts. */
    KeyRateWindows() {
        this(MinuteCount::none);
    }

    KeyRateWindows(BiFunction<String, Long, MinuteCount> others) {
        this.others = others;
    }

    /**
     * Counts one request and reserves {@code promptEstimate} tokens, or returns the seconds until the window that
     * refuses it ends (counting nothing). A prompt larger than the whole limit passes alone in an empty window (it
     * could never pass otherwise).
     */
    long admit(ApiKey key, long promptEstimate, long nowMs) {
        if (key.requestsPerMinute() <= 0 && key.tokensPerMinute() <= 0) {
            return 0;
        }
        Window window = windows.computeIfAbsent(key.id(), id -> new Window());
        synchronized (window) {
            window.roll(nowMs);
            MinuteCount elsewhere = others.apply(key.id(), window.start);
            long requests = window.requests + elsewhere.requests();
            long tokens = window.tokens + elsewhere.tokens();
            boolean requestsFull = key.requestsPerMinute() > 0 && requests >= key.requestsPerMinute();
            boolean tokensFull = key.tokensPerMinute() > 0 && (tokens >= key.tokensPerMinute()
                    || tokens > 0 && tokens + promptEstimate > key.tokensPerMinute());
            if (requestsFull || tokensFull) {
                return Math.max(1, (window.start + MINUTE_MS - nowMs + 999) / 1000);
            }
            window.requests++;
            window.tokens += promptEstimate;
            return 0;
        }
    }

    /** This replica's counts of the minute of {@code nowMs}, per key that has one (for the other replicas). */
    List<MinuteCount> current(long nowMs) {
        long minute = minuteOf(nowMs);
        List<MinuteCount> counts = new ArrayList<>();
        windows.forEach((keyId, window) -> {
            synchronized (window) {
                if (window.start == minute) {
                    counts.add(new MinuteCount(keyId, minute, window.requests, window.tokens));
                }
            }
        });
        return counts;
    }

    /** The minute (its start, ms) a request admitted at {@code nowMs} reserved its tokens in. */
    static long minuteOf(long nowMs) {
        return nowMs - nowMs % MINUTE_MS;
    }

    /**
     * Replaces a request's reservation ({@code reserved} tokens in the minute starting {@code admittedMinute}) by what
     * it used. A request that ends in a later minute adds its completion tokens there; its prompt stays counted in
     * the minute it was admitted in.
     */
    void settle(String keyId, long admittedMinute, long reserved, long promptTokens, long completionTokens,
                long nowMs) {
        Window window = windows.computeIfAbsent(keyId, id -> new Window());
        synchronized (window) {
            window.roll(nowMs);
            if (window.start == admittedMinute) {
                window.tokens = Math.max(0, window.tokens - reserved + promptTokens + completionTokens);
            } else {
                window.tokens += completionTokens;
            }
        }
    }

    private static final class Window {
        long start = -1;
        long requests;
        long tokens;

        void roll(long nowMs) {
            long minute = minuteOf(nowMs);
            if (minute != start) {
                start = minute;
                requests = 0;
                tokens = 0;
            }
        }
    }
}
