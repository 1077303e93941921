package com.cascade4arm.routes.config;

import org.eclipse.microprofile.config.spi.Converter;

import java.util.Locale;

/** true or false only: the library's own boolean reading would take yes, on or 1 for true and anything else for false. */
public final class StrictBoolean implements Converter<Boolean> {
    @Override
    public Boolean convert(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("must be true or false, but was " + value.trim());
        };
    }
}
