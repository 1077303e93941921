package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.hosted.HostedFailure;

/**
 * A leg's attempt that did not end well, thrown inside the circuit breaker so Resilience4j can count it: 5xx, I/O
 * failures, error events and deadline misses count; a 429 is ignored (the rate-limit cooldown counts those); other
 * 4xx are the request's fault and count as a success of the system ({@link HostedFailure}: the same rule for every
 * system, and for overflow's calls on the hosted API's breaker).
 */
final class LegFailure extends HostedFailure {
    LegFailure(LegAttempt.Outcome outcome) {
        super(outcome.message(), outcome.status(), outcome.cancelled());
    }
}
