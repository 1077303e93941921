package com.cascade4arm.routes.config;

import org.eclipse.microprofile.config.spi.Converter;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A duration as people write it: a whole number and a unit, {@code 7d}, {@code 12h}, {@code 30m}, {@code 45s}. */
public final class ShortDuration implements Converter<Duration> {
    private static final Pattern FORM = Pattern.compile("(\\d{1,9})\\s*(d|h|m|s)");

    @Override
    public Duration convert(String value) {
        Matcher m = FORM.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("must be a whole number and a unit d, h, m or s (7d, 12h), but was "
                    + value.trim());
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "d" -> Duration.ofDays(n);
            case "h" -> Duration.ofHours(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
        };
    }
}
