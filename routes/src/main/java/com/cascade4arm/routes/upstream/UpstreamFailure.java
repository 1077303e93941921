package com.cascade4arm.routes.upstream;

/** An upstream call that failed; {@code beforeFirstByte} tells whether another endpoint may still take over. */
public final class UpstreamFailure extends RuntimeException {
    private final int status;
    private final boolean beforeFirstByte;
    private final Integer retryAfterSeconds;
    private final String requestFault;

    public UpstreamFailure(String message, int status, boolean beforeFirstByte, Integer retryAfterSeconds) {
        this(message, status, beforeFirstByte, retryAfterSeconds, null);
    }

    /** {@code requestFault}: the upstream's reason when the request caused the error ({@link RequestFault}), else null. */
    public UpstreamFailure(String message, int status, boolean beforeFirstByte, Integer retryAfterSeconds,
                           String requestFault) {
        super(message, null, false, false);
        this.status = status;
        this.beforeFirstByte = beforeFirstByte;
        this.retryAfterSeconds = retryAfterSeconds;
        this.requestFault = requestFault;
    }

    /**
     * True when the request, not the endpoint, caused the error: a client error, or a 500 that says the request's
     * content was at fault. Another endpoint or tier would fail the same way, and the endpoint is healthy.
     */
    public boolean isRequestFault() {
        return isClientError() || requestFault != null;
    }

    /** The upstream's reason, one short line, when {@link #isRequestFault()}; else the failure's message. */
    public String requestFaultReason() {
        return requestFault != null ? requestFault : getMessage();
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
