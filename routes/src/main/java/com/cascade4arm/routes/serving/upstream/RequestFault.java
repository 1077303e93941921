package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Tells an upstream error the request caused from one the endpoint caused. llama.cpp servers answer some faults of the
 * request's content with 500 (a role their template cannot take, a schema their converter refuses); counted as the
 * endpoint's failures, ten such requests opened every breaker and the fallback sent each to the other tier too.
 */
public final class RequestFault {
    /** What llama.cpp servers (llama-server, our hosts, the de.kherud binding) say about such content, lower case. */
    static final List<String> CONTENT_MARKERS = List.of("invalid role", "json schema", "json_schema", "response_format",
            "grammar", "unrecognized schema", "error resolving ref", "unsupported ref", "pattern must",
            "unsupported pattern", "chat template", "unsupported_role");
    /** How much of the upstream's message the client is told. */
    static final int MAX_REASON_CHARS = 200;

    private RequestFault() {
    }

    /**
     * The upstream's reason when an error answer ({@code status}, {@code body}) was the request's fault: a 4xx other
     * than 408/429, or a 500 whose error says invalid_request_error or names the request's content; null otherwise.
     */
    public static String reason(int status, String body) {
        boolean clientError = status >= 400 && status < 500 && status != 408 && status != 429;
        if (!clientError && status != 500) {
            return null;
        }
        JsonNode error = error(body);
        String message = messageOf(error, body);
        if (!clientError) {
            String lower = message.toLowerCase(Locale.ROOT);
            boolean invalidRequest = ApiError.INVALID_REQUEST.equals(error.path("type").asText());
            if (!invalidRequest && CONTENT_MARKERS.stream().noneMatch(lower::contains)) {
                return null;
            }
        }
        return summarize(UpstreamErrorText.scrub(message)); // no addresses or exception names reach the client
    }

    private static JsonNode error(String body) {
        try {
            JsonNode error = Json.MAPPER.readTree(body).path("error");
            return error.isObject() ? error : Json.MAPPER.missingNode();
        } catch (IOException | RuntimeException e) {
            return Json.MAPPER.missingNode();
        }
    }

    private static String messageOf(JsonNode error, String body) {
        JsonNode message = error.path("message");
        // Not an API error: a plain-text line, or nothing from an error page (UpstreamErrorText drops HTML).
        return message.isTextual() && !message.asText().isBlank() ? message.asText() : UpstreamErrorText.reason(body);
    }

    /** One line, at most {@link #MAX_REASON_CHARS} characters. */
    static String summarize(String message) {
        String line = message.replaceAll("[\\p{Cntrl}\\s]+", " ").trim();
        return line.length() <= MAX_REASON_CHARS ? line : line.substring(0, MAX_REASON_CHARS - 3) + "...";
    }
}
