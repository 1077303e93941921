package com.cascade4arm.routes.http;

/** A failure the client should see as an OpenAI-shaped error with a specific HTTP status. */
public class ApiException extends RuntimeException {
    private final int status;
    private final String type;
    private final String code;
    private final Integer retryAfterSeconds;

    public ApiException(int status, String type, String code, String message) {
        this(status, type, code, message, null);
    }

    public ApiException(int status, String type, String code, String message, Integer retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.type = type;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public static ApiException badRequest(String code, String message) {
        return new ApiException(400, "invalid_request_error", code, message);
    }

    public static ApiException notFound(String code, String message) {
        return new ApiException(404, "invalid_request_error", code, message);
    }

    public static ApiException tooLarge(String message) {
        return new ApiException(413, "invalid_request_error", "request_too_large", message);
    }

    public static ApiException unavailable(String message) {
        return new ApiException(503, "unavailable_error", "service_unavailable", message);
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String code() {
        return code;
    }

    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
