package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;

import java.util.Locale;
import java.util.Optional;

/**
 * The JSON APIs take {@code application/json} and nothing else: a missing Content-Type, {@code text/plain} or
 * {@code text/plain; charset=json} is what a cross-site form or a no-preflight fetch sends, so accepting them would let
 * any web page drive the gateway. RFC 8259 defines no parameters for application/json; {@code charset=utf-8} is
 * tolerated because clients send it. 415 otherwise.
 */
final class JsonContentType {
    private static final String JSON = "application/json";

    private JsonContentType() {
    }

    static Optional<ApiError> refusal(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return Optional.of(unsupported("no Content-Type was given"));
        }
        return isJson(contentType) ? Optional.empty() : Optional.of(unsupported("it was " + abbreviate(contentType)));
    }

    static boolean isJson(String contentType) {
        String[] parts = contentType.split(";", -1);
        if (!parts[0].trim().toLowerCase(Locale.ROOT).equals(JSON)) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            int equals = parameter.indexOf('=');
            if (equals < 0 || !parameter.substring(0, equals).trim().equalsIgnoreCase("charset")) {
                return false;
            }
            String value = parameter.substring(equals + 1).trim();
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                value = value.substring(1, value.length() - 1);
            }
            if (!value.equalsIgnoreCase("utf-8")) {
                return false;
            }
        }
        return true;
    }

    private static ApiError unsupported(String what) {
        return new ApiError(415, "invalid_request_error", "unsupported_media_type",
                "Content-Type must be application/json (charset=utf-8 allowed), but " + what);
    }

    private static String abbreviate(String value) {
        return value.length() <= 80 ? value : value.substring(0, 77) + "...";
    }
}
