package com.cascade4arm.routes.operator.compare;

/**
 * A leg's attempt that did not end well, thrown inside the circuit breaker so Resilience4j can count it: 5xx, I/O
 * failures, error events and deadline misses count; a 429 is ignored (the rate-limit cooldown counts those); other
 * 4xx are the request's fault and count as a success of the system.
 */
final class LegFailure extends RuntimeException {
    private final LegAttempt.Outcome outcome;

    LegFailure(LegAttempt.Outcome outcome) {
        super(outcome.message(), null, false, false);
        this.outcome = outcome;
    }

    /** Neither a success nor a failure of the system: rate limited, or cut by our side. */
    boolean ignored() {
        return outcome.status() == 429 || outcome.cancelled();
    }

    /** A failure of the system (not of the request): what opens its breaker. */
    boolean recorded() {
        int status = outcome.status();
        return !(status >= 400 && status < 500 && status != 408 && status != 429);
    }
}
