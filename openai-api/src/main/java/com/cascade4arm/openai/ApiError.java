package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An error a client sees as {@code {"error":{"message","type","code"}}} with an HTTP status (and Retry-After when
 * waiting helps). OpenAI's {@code code} is a string; llama-server's is the HTTP status ({@link #toLlamaServerJson()}).
 */
public class ApiError extends RuntimeException {
    public static final String INVALID_REQUEST = "invalid_request_error";
    public static final String AUTHENTICATION = "authentication_error";
    public static final String PERMISSION = "permission_error";
    public static final String NOT_FOUND = "not_found_error";
    public static final String RATE_LIMIT = "rate_limit_error";
    public static final String UNAVAILABLE = "unavailable_error";
    public static final String UPSTREAM = "upstream_error";
    public static final String SERVER = "server_error";

    private final int status;
    private final String type;
    private final String code;
    private final Integer retryAfterSeconds;
    private final Map<String, Object> extra;

    /** An error without an OpenAI code (llama-server style answers carry the status instead). */
    public ApiError(int status, String type, String message) {
        this(status, type, null, message, null);
    }

    public ApiError(int status, String type, String code, String message) {
        this(status, type, code, message, null);
    }

    public ApiError(int status, String type, String code, String message, Integer retryAfterSeconds) {
        this(status, type, code, message, retryAfterSeconds, Map.of());
    }

    /** {@code extra}: more fields of the error object, e.g. {@code param} or llama-server's {@code n_ctx}. */
    public ApiError(int status, String type, String code, String message, Integer retryAfterSeconds,
                    Map<String, Object> extra) {
        super(message, null, false, false);
        this.status = status;
        this.type = type;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
        this.extra = new LinkedHashMap<>(extra);
    }

    public static ApiError badRequest(String code, String message) {
        return new ApiError(400, INVALID_REQUEST, code, message);
    }

    /** A 400 naming the request field at fault ({@code param}). */
    public static ApiError invalidParam(String param, String code, String message) {
        return new ApiError(400, INVALID_REQUEST, code, message, null, Map.of("param", param));
    }

    public static ApiError notFound(String code, String message) {
        return new ApiError(404, INVALID_REQUEST, code, message);
    }

    public static ApiError tooLarge(String message) {
        return new ApiError(413, INVALID_REQUEST, "request_too_large", message);
    }

    public static ApiError unavailable(String message) {
        return new ApiError(503, UNAVAILABLE, "service_unavailable", message);
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

    /** {@code {"error":{"message","type","code", …extra}}}. */
    public ObjectNode toJson() {
        return render(code);
    }

    /** {@code {"error":{"message","type","code"}}} for an answer built by hand (e.g. a 409 with more top-level fields). */
    public static ObjectNode body(String message, String type, String code) {
        return new ApiError(0, type, code, message).toJson();
    }

    /** The same with {@code code} = the HTTP status, as llama-server answers. */
    public ObjectNode toLlamaServerJson() {
        return render(status);
    }

    private ObjectNode render(Object codeValue) {
        ObjectNode root = OpenAiJson.MAPPER.createObjectNode();
        ObjectNode error = root.putObject("error");
        error.put("message", getMessage()).put("type", type);
        error.set("code", OpenAiJson.MAPPER.valueToTree(codeValue));
        extra.forEach((key, value) -> error.set(key, OpenAiJson.MAPPER.valueToTree(value)));
        return root;
    }

    /** The first ApiError among {@code failure}'s causes; anything else is an opaque 500 (details stay in the log). */
    public static ApiError of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiError api) {
                return api;
            }
        }
        return new ApiError(500, SERVER, "internal_error", "internal error; see the server log");
    }

    /** The message of an OpenAI-shaped error in {@code json} ({"error":{"message"}} or {"error":"text"}); null if none. */
    public static String messageOf(JsonNode json) {
        JsonNode error = json == null ? null : json.path("error");
        if (error == null || error.isMissingNode() || error.isNull()) {
            return null;
        }
        if (error.isTextual()) {
            return error.asText();
        }
        JsonNode message = error.path("message");
        return message.isValueNode() && !message.asText().isBlank() ? message.asText() : error.toString();
    }
}
