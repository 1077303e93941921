package com.cascade4arm.routes.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Builds the OpenAI error body {"error":{"message","type","code"}}; the one place that shape is written. */
public final class OpenAiErrors {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenAiErrors() {
    }

    public static ObjectNode body(ApiException e) {
        return body(e.getMessage(), e.type(), e.code());
    }

    public static ObjectNode body(String message, String type, String code) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode error = root.putObject("error");
        error.put("message", message);
        error.put("type", type);
        error.put("code", code);
        return root;
    }

    /** True unless the failure is (or wraps) an {@link ApiException}: something the gateway did not answer on purpose. */
    public static boolean isUnexpected(Throwable t) {
        for (Throwable cause = t; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiException) {
                return false;
            }
        }
        return true;
    }

    /** Maps any failure to what a client may see: ApiExceptions as they are, anything else as a generic 500. */
    public static ApiException toApiException(Throwable t) {
        Throwable cause = t;
        while (cause != null) {
            if (cause instanceof ApiException api) {
                return api;
            }
            cause = cause.getCause();
        }
        // Internal details (class names, paths) stay in the log, never in the response.
        return new ApiException(500, "server_error", "internal_error", "internal error; see the gateway log");
    }
}
