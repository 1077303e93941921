package com.cascade4arm.routes.upstream;

/**
 * An upstream call that failed; {@code beforeFirstByte} tells whether another endpoint may still take over. The
 * message is the full detail, for the log; {@link #publicMessage()} is what a client may read (no addresses, no
 * exception names, no error pages: {@link UpstreamErrorText}).
 */
public final class UpstreamFailure extends RuntimeException {
    private final String publicMessage;
    private final int status;
    private final boolean beforeFirstByte;
    private final Integer retryAfterSeconds;

    /** A failure whose message holds nothing internal (the gateway wrote it): logged and shown alike. */
    public UpstreamFailure(String message, int status, boolean beforeFirstByte, Integer retryAfterSeconds) {
        this(message, message, status, beforeFirstByte, retryAfterSeconds);
    }

    public UpstreamFailure(String message, String publicMessage, int status, boolean beforeFirstByte,
                           Integer retryAfterSeconds) {
        super(message, null, false, false);
        this.publicMessage = publicMessage;
        this.status = status;
        this.beforeFirstByte = beforeFirstByte;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** What a client may be told. */
    public String publicMessage() {
        return publicMessage;
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
