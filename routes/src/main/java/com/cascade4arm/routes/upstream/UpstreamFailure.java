package com.cascade4arm.routes.upstream;

/** An upstream call that failed; {@code beforeFirstByte} tells whether another endpoint may still take over. */
public final class UpstreamFailure extends RuntimeException {
    private final int status;
    private final boolean beforeFirstByte;
    private final Integer retryAfterSeconds;

    public UpstreamFailure(String message, int status, boolean beforeFirstByte, Integer retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.beforeFirstByte = beforeFirstByte;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** HTTP status from upstream, or 0 when no response came (refused, timed out, dropped). */
    public int status() {
        return status;
    }

    public boolean beforeFirstByte() {
        return beforeFirstByte;
    }

    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** Client errors (4xx other than 408/429) are the request's fault: trying elsewhere would fail the same way. */
    public boolean isClientError() {
        return status >= 400 && status < 500 && status != 408 && status != 429;
    }
}
