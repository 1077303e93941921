package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;

/** Typed reads of optional request fields; a wrong value is a 400 naming the field and quoting the value. */
final class Values {
    private static final int MAX_QUOTED_CHARS = 64;

    private Values() {
    }

    static boolean bool(JsonNode root, String field, boolean fallback) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isBoolean()) {
            throw ApiError.invalidParam(field, "invalid_type", field + " must be true or false, but was " + describe(node));
        }
        return node.asBoolean();
    }

    static Integer integer(JsonNode root, String field, long min, long max) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw ApiError.invalidParam(field, "invalid_type", field + " must be an integer, but was " + describe(node));
        }
        int value = node.asInt();
        if (value < min || value > max) {
            throw ApiError.invalidParam(field, "invalid_value",
                    field + " must be between " + min + " and " + max + ", but was " + value);
        }
        return value;
    }

    static Double number(JsonNode root, String field, double min, double max) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber()) {
            throw ApiError.invalidParam(field, "invalid_type", field + " must be a number, but was " + describe(node));
        }
        double value = node.asDouble();
        if (Double.isNaN(value) || value < min || value > max) {
            throw ApiError.invalidParam(field, "invalid_value", field + " must be between " + plain(min) + " and "
                    + plain(max) + ", but was " + node.asText());
        }
        return value;
    }

    /** "the string \"ten\"", "a number 5", "an array", "an object", "null", "a boolean true". */
    static String describe(JsonNode node) {
        if (node.isTextual()) {
            return "the string \"" + abbreviate(node.asText()) + "\"";
        }
        if (node.isNumber()) {
            return "a number " + node.asText();
        }
        if (node.isBoolean()) {
            return "a boolean " + node.asText();
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isObject()) {
            return "an object";
        }
        return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    static String abbreviate(String text) {
        return text.length() <= MAX_QUOTED_CHARS ? text : text.substring(0, MAX_QUOTED_CHARS - 3) + "...";
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
