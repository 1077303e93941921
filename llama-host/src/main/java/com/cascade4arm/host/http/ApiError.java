package com.cascade4arm.host.http;

import io.vertx.core.json.JsonObject;

/**
 * An error answered to the client in llama-server's OpenAI-compatible shape:
 * {@code {"error":{"code":400,"message":"...","type":"invalid_request_error"}}}, with optional extra fields.
 */
public final class ApiError extends RuntimeException {

    public static final String INVALID_REQUEST = "invalid_request_error";
    public static final String AUTHENTICATION = "authentication_error";
    public static final String NOT_FOUND = "not_found_error";
    public static final String UNAVAILABLE = "unavailable_error";
    public static final String SERVER = "server_error";

    private final int status;
    private final String type;
    private final JsonObject extra;

    public ApiError(int status, String type, String message) {
        this(status, type, message, new JsonObject());
    }

    public ApiError(int status, String type, String message, JsonObject extra) {
        super(message, null, false, false);
        this.status = status;
        this.type = type;
        this.extra = extra;
    }

    public static ApiError invalidRequest(String message) {
        return new ApiError(400, INVALID_REQUEST, message);
    }

    public static ApiError invalidParam(String param, String message) {
        return new ApiError(400, INVALID_REQUEST, message, new JsonObject().put("param", param));
    }

    public static ApiError unavailable(String message) {
        return new ApiError(503, UNAVAILABLE, message);
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    /** The response body. */
    public JsonObject toJson() {
        JsonObject error = new JsonObject().put("code", status).put("message", getMessage()).put("type", type);
        error.mergeIn(extra);
        return new JsonObject().put("error", error);
    }
}
