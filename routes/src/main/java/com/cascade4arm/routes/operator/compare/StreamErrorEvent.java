package com.cascade4arm.routes.operator.compare;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An error that arrived inside a 200 stream as a {@code data: {"error":…}} event (OpenRouter, llama-server and this
 * gateway all do this). {@code status} is the error's code when it is an HTTP status, else 502.
 */
final class StreamErrorEvent extends RuntimeException {
    private final int status;

    StreamErrorEvent(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static StreamErrorEvent from(JsonNode error) {
        JsonNode code = error.path("code");
        int status = code.canConvertToInt() && code.asInt() >= 400 && code.asInt() <= 599 ? code.asInt() : 502;
        String message = error.path("message").asText("");
        return new StreamErrorEvent(status, "error event in the stream: " + (message.isBlank() ? error.toString() : message));
    }

    int status() {
        return status;
    }
}
