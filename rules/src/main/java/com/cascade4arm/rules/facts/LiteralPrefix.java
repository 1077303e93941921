package com.cascade4arm.rules.facts;

import com.google.re2j.Pattern;
import java.lang.reflect.Field;

/**
 * The literal RE2/J found every match of a pattern starts with (its {@code RE2.prefix}, computed when it compiled the
 * pattern, not public API): read once per pattern by reflection, "" when there is none or RE2/J keeps it elsewhere —
 * then matching is only slower on long texts, never wrong.
 */
final class LiteralPrefix {

    private static final Field RE2 = field(Pattern.class, "re2");
    private static final Field PREFIX = RE2 == null ? null : field(RE2.getType(), "prefix");

    private LiteralPrefix() {
    }

    static String of(Pattern pattern) {
        if (PREFIX == null) {
            return "";
        }
        try {
            return PREFIX.get(RE2.get(pattern)) instanceof String prefix ? prefix : "";
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "";
        }
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field field = type.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
