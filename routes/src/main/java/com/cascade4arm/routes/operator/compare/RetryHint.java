package com.cascade4arm.routes.operator.compare;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.OptionalLong;

/**
 * What a 429/503 said about when to come back — the part of backing off Resilience4j cannot know: it computes waits,
 * it does not read servers. {@code Retry-After} (RFC 9110): delay-seconds ("1", decimals tolerated) or an HTTP date.
 * {@code X-RateLimit-Reset} (OpenRouter, also in its 429 body's {@code error.metadata.headers}): a number read as epoch
 * milliseconds when ≥ 10^12, epoch seconds when ≥ 10^9, and seconds from now below that (as some APIs send).
 * Retry-After wins when both parse; unparseable values are ignored.
 */
public record RetryHint(String retryAfter, String rateLimitReset) {
    public static final RetryHint NONE = new RetryHint(null, null);
    private static final double EPOCH_MILLIS_FROM = 1e12;
    private static final double EPOCH_SECONDS_FROM = 1e9;

    /** How long the server asked us to wait, measured from {@code now}; empty when it did not say (usably). */
    public OptionalLong waitMillis(Instant now) {
        OptionalLong fromRetryAfter = retryAfterMillis(retryAfter, now);
        return fromRetryAfter.isPresent() ? fromRetryAfter : resetMillis(rateLimitReset, now);
    }

    /** "Retry-After: 1" or "X-RateLimit-Reset: …": which header the wait came from, for messages. */
    public String basis(Instant now) {
        if (retryAfterMillis(retryAfter, now).isPresent()) {
            return "Retry-After: " + retryAfter.trim();
        }
        if (resetMillis(rateLimitReset, now).isPresent()) {
            return "X-RateLimit-Reset: " + rateLimitReset.trim();
        }
        return "no Retry-After";
    }

    static OptionalLong retryAfterMillis(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return OptionalLong.empty();
        }
        String text = value.trim();
        try {
            double seconds = Double.parseDouble(text);
            return seconds >= 0 && Double.isFinite(seconds) ? OptionalLong.of(Math.round(seconds * 1000)) : OptionalLong.empty();
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                return OptionalLong.of(Math.max(0, Duration.between(now, at).toMillis()));
            } catch (DateTimeParseException notADate) {
                return OptionalLong.empty();
            }
        }
    }

    static OptionalLong resetMillis(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return OptionalLong.empty();
        }
        double number;
        try {
            number = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
        if (!Double.isFinite(number) || number < 0) {
            return OptionalLong.empty();
        }
        long millis;
        if (number >= EPOCH_MILLIS_FROM) {
            millis = Math.round(number) - now.toEpochMilli();
        } else if (number >= EPOCH_SECONDS_FROM) {
            millis = Math.round(number * 1000) - now.toEpochMilli();
        } else {
            millis = Math.round(number * 1000);
        }
        return OptionalLong.of(Math.max(0, millis));
    }
}
