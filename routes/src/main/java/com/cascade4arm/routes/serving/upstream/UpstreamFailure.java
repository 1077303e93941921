package com.cascade4arm.routes.serving.upstream;

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
    private final String requestFault;

    /** A failure whose message holds nothing internal (the gateway wrote it): logged and shown alike. */
    public UpstreamFailure(String message, int status, boolean beforeFirstByte, Integer retryAfterSeconds) {
        this(message, message, status, beforeFirstByte, retryAfterSeconds, null);
    }

    public UpstreamFailure(String message, String publicMessage, int status, boolean beforeFirstByte,
                           Integer retryAfterSeconds) {
        this(message, publicMessage, status, beforeFirstByte, retryAfterSeconds, null);
    }

    /** {@code requestFault}: the upstream's reason when the request caused the error ({@link RequestFault}), else null. */
    public UpstreamFailure(String message, String publicMessage, int status, boolean beforeFirstByte,
                           Integer retryAfterSeconds, String requestFault) {
        super(message, null, false, false);
        this.publicMessage = publicMessage;
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
        return requestFault != null ? requestFault : publicMessage;
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
