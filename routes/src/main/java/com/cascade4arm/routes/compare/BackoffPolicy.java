package com.cascade4arm.routes.compare;

import java.time.Clock;
import java.util.OptionalLong;
import java.util.function.DoubleSupplier;

/**
 * How long to wait before a retry. The server's hint wins (Retry-After, else X-RateLimit-Reset) plus a little upward
 * jitter, so a wait is never shorter than asked; without a hint, exponential backoff {@code initial × 2^(retry−1)}
 * spread by ±jitter. Nothing waits longer than the cap: a server asking for more is reported, not obeyed.
 */
public final class BackoffPolicy {
    private final long initialMs;
    private final long capMs;
    private final double jitter;
    private final Clock clock;
    private final DoubleSupplier random;

    /** {@code random} yields values in [0, 1): tests pass a fixed one, production a real source. */
    public BackoffPolicy(long initialMs, long capMs, double jitter, Clock clock, DoubleSupplier random) {
        if (initialMs < 1 || capMs < 1 || jitter < 0 || jitter > 1) {
            throw new IllegalArgumentException("backoff needs initialMs >= 1, capMs >= 1 and jitter in [0, 1], but had "
                    + initialMs + ", " + capMs + " and " + jitter);
        }
        this.initialMs = initialMs;
        this.capMs = capMs;
        this.jitter = jitter;
        this.clock = clock;
        this.random = random;
    }

    /**
     * The wait before retry number {@code retry} (1 = the first retry).
     *
     * @param millis    how long to wait (capped; when {@code overCap} the server's ask, not obeyed)
     * @param basis     where it came from: "Retry-After: 1", "X-RateLimit-Reset: …" or "exponential backoff"
     * @param overCap   the server asked for longer than the cap: fail fast instead of waiting
     */
    public record Wait(long millis, String basis, boolean overCap) {
    }

    public Wait next(int retry, RetryHints hints) {
        if (retry < 1) {
            throw new IllegalArgumentException("retry must be >= 1, but was " + retry);
        }
        OptionalLong asked = hints.waitMillis(clock.instant());
        if (asked.isPresent()) {
            String basis = hints.basis(clock.instant());
            if (asked.getAsLong() > capMs) {
                return new Wait(asked.getAsLong(), basis, true);
            }
            long spread = Math.round(random.getAsDouble() * jitter * initialMs);
            return new Wait(Math.min(capMs, asked.getAsLong() + spread), basis, false);
        }
        double base = Math.min(capMs, initialMs * Math.pow(2, retry - 1));
        double factor = 1 - jitter + 2 * jitter * random.getAsDouble();
        return new Wait(Math.min(capMs, Math.round(base * factor)), "exponential backoff", false);
    }

    public long capMs() {
        return capMs;
    }
}
