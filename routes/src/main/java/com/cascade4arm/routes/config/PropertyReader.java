package com.cascade4arm.routes.config;

import java.util.function.Function;

/** Typed reads of gateway properties; a bad value fails startup with a message naming the key and the value. */
public final class PropertyReader {
    private final Function<String, String> property;

    public PropertyReader(Function<String, String> property) {
        this.property = property;
    }

    /** The trimmed value, or null when unset or blank. */
    public String text(String key) {
        String value = property.apply(key);
        return value == null || value.isBlank() ? null : value.trim();
    }

    public String text(String key, String fallback) {
        String value = text(key);
        return value == null ? fallback : value;
    }

    public long integer(String key, long fallback, long min, long max) {
        String value = text(key);
        if (value == null) {
            return fallback;
        }
        long parsed;
        try {
            parsed = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, but was " + value);
        }
        if (parsed < min || parsed > max) {
            throw new IllegalArgumentException(key + " must be between " + min + " and " + max + ", but was " + parsed);
        }
        return parsed;
    }

    public double decimal(String key, double fallback, double min, double max) {
        String value = text(key);
        if (value == null) {
            return fallback;
        }
        double parsed;
        try {
            parsed = Double.parseDouble(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, but was " + value);
        }
        if (!(parsed >= min && parsed <= max)) {
            throw new IllegalArgumentException(key + " must be between " + min + " and " + max + ", but was " + value);
        }
        return parsed;
    }
}
