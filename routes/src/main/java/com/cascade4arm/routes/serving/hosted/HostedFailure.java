package com.cascade4arm.routes.serving.hosted;

/**
 * An attempt on the hosted API that did not end well, thrown inside the {@code hosted-call} route's breaker so
 * Resilience4j can count it: 5xx, I/O failures, error events and deadline misses count; a 429 is ignored (rate
 * limited: retried after its Retry-After, not a failure of the API); other 4xx are the request's fault and count as
 * a success.
 */
public class HostedFailure extends RuntimeException {
    private final int status;
    private final boolean cancelled;

    /** {@code status}: the HTTP status, 0 when there was no HTTP answer; {@code cancelled}: cut by our side. */
    public HostedFailure(String message, int status, boolean cancelled) {
        super(message, null, false, false);
        this.status = status;
        this.cancelled = cancelled;
    }

    public int status() {
        return status;
    }

    /** Neither a success nor a failure of the API: rate limited, or cut by our side. */
    public boolean ignored() {
        return status == 429 || cancelled;
    }

    /** A failure of the API (not of the request): what opens its breaker. */
    public boolean recorded() {
        return !(status >= 400 && status < 500 && status != 408 && status != 429);
    }
}
