package com.cascade4arm.routes.serving.http;

import com.cascade4arm.openai.ApiError;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import java.util.concurrent.RejectedExecutionException;

/** What a failure means to the client: ApiErrors as they are, camel-jackson's parse errors as 400s, a full pool as 503. */
public final class ApiErrors {
    private static final int RETRY_AFTER_BUSY_SECONDS = 1;

    private ApiErrors() {
    }

    public static ApiError of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiError api) {
                return api;
            }
            if (cause instanceof MismatchedInputException empty && empty.getMessage() != null
                    && empty.getMessage().startsWith("No content to map")) {
                return ApiError.badRequest("empty_body", "request body is empty; expected a JSON object");
            }
            if (cause instanceof JsonProcessingException json) {
                String where = json.getLocation() == null ? "" : " at line " + json.getLocation().getLineNr()
                        + ", column " + json.getLocation().getColumnNr();
                return ApiError.badRequest("invalid_json", "request body is not valid JSON" + where);
            }
            if (cause instanceof RejectedExecutionException) {
                return new ApiError(503, ApiError.UNAVAILABLE, "overloaded",
                        "the gateway is at its concurrency limit; retry shortly", RETRY_AFTER_BUSY_SECONDS);
            }
        }
        return ApiError.of(failure);
    }

    /** True for failures no client input explains (bugs): these are logged with their stack trace. */
    public static boolean unexpected(Throwable failure) {
        ApiError mapped = of(failure);
        return mapped.status() == 500 && "internal_error".equals(mapped.code()) && !(failure instanceof ApiError);
    }
}
