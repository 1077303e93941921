package com.cascade4arm.routes.serving.overflow;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** A {@code Retry-After} header (delay seconds or an HTTP date) as milliseconds from now; null when absent or unreadable. */
final class RetryAfter {
    private RetryAfter() {
    }

    static Long millis(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.trim();
        try {
            return Math.max(0, Math.round(Double.parseDouble(value) * 1000));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                return Math.max(0, Duration.between(ZonedDateTime.now(at.getZone()), at).toMillis());
            } catch (DateTimeParseException unreadable) {
                return null;
            }
        }
    }
}
