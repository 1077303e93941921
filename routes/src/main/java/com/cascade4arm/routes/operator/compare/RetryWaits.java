package com.cascade4arm.routes.operator.compare;

import io.github.resilience4j.core.IntervalFunction;

import java.time.Clock;
import java.util.OptionalLong;
import java.util.function.DoubleSupplier;

/**
 * How long Compare's Resilience4j {@code Retry} waits before the next attempt. Without a server hint: Resilience4j's
 * exponential random backoff ({@code initial × 2^(retry−1)}, ±jitter, capped). With one ({@link RetryHint}): the
 * server's wait plus a little upward jitter, so a wait is never shorter than asked. A server asking for more than the
 * cap is reported, not obeyed — Resilience4j's interval functions cannot refuse, so that verdict lives here.
 */
public final class RetryWaits {
    private final long initialMs;
    private final long capMs;
    private final double jitter;
    private final IntervalFunction backoff;
    private final Clock clock;
    private final DoubleSupplier random;

    /**
     * @param random values in [0, 1) for the jitter added to a server's hint (tests pass a fixed one)
     */
    public RetryWaits(long initialMs, long capMs, double jitter, Clock clock, DoubleSupplier random) {
        if (initialMs < 1 || capMs < 1 || jitter < 0 || jitter >= 1) {
            throw new IllegalArgumentException("backoff needs initialMs >= 1, capMs >= 1 and jitter in [0, 1), but had "
                    + initialMs + ", " + capMs + " and " + jitter);
        }
        this.initialMs = initialMs;
        this.capMs = capMs;
        this.jitter = jitter;
        this.backoff = IntervalFunction.ofExponentialRandomBackoff(initialMs, 2.0, jitter, capMs);
        this.clock = clock;
        this.random = random;
    }

    /**
     * The wait before retry number {@code retry} (1 = the first retry).
     *
     * @param millis  how long to wait (capped; when {@code overCap} the server's ask, not obeyed)
     * @param basis   where it came from: "Retry-After: 1", "X-RateLimit-Reset: …" or "exponential backoff"
     * @param overCap the server asked for longer than the cap: fail fast instead of waiting
     */
    public record Wait(long millis, String basis, boolean overCap) {
    }

    public Wait next(int retry, RetryHint hint) {
        OptionalLong asked = hint.waitMillis(clock.instant());
        if (asked.isPresent()) {
            String basis = hint.basis(clock.instant());
            if (asked.getAsLong() > capMs) {
                return new Wait(asked.getAsLong(), basis, true);
            }
            long spread = Math.round(random.getAsDouble() * jitter * initialMs);
            return new Wait(Math.min(capMs, asked.getAsLong() + spread), basis, false);
        }
        return new Wait(Math.min(capMs, backoff.apply(retry)), "exponential backoff", false);
    }

    long capMs() {
        return capMs;
    }
}
