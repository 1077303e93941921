package com.cascade4arm.bench.client;

import com.cascade4arm.openai.ApiError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Extracts the message of an OpenAI-shaped error ({@code {"error":{"message":...}}} or {@code {"error":"..."}}). */
final class ErrorBodies {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ErrorBodies() {
    }

    /** The error message carried by this JSON, or null when it carries none. */
    static String errorMessage(JsonNode json) {
        return ApiError.messageOf(json);
    }

    /** The error message of a non-2xx body: the OpenAI message when the body has one, else the (shortened) body. */
    static String forStatus(int status, String body) {
        String message = null;
        try {
            message = errorMessage(MAPPER.readTree(body));
        } catch (Exception ignored) {
            // not JSON: fall back to the raw text
        }
        if (message == null) {
            message = body.isBlank() ? "(empty body)" : ChatStreamParser.abbreviate(body.strip());
        }
        return "HTTP " + status + ": " + message;
    }
}
