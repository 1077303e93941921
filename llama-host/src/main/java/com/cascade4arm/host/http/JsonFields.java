package com.cascade4arm.host.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Typed, range-checked reads of optional request fields; errors name the field and the bad value. */
final class JsonFields {

    private JsonFields() {
    }

    static Integer optionalInt(JsonObject json, String field, long min, long max) {
        Object value = json.getValue(field);
        if (value == null) {
            return null;
        }
        if (!(value instanceof Number number) || !isIntegral(number)) {
            throw ApiError.invalidParam(field, field + " must be an integer, but was " + describe(value));
        }
        long longValue = number.longValue();
        if (longValue < min || longValue > max) {
            throw ApiError.invalidParam(field, field + " must be between " + min + " and " + max + ", but was "
                    + longValue);
        }
        return (int) longValue;
    }

    static float optionalFloat(JsonObject json, String field, float min, float max, float fallback) {
        Object value = json.getValue(field);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Number number)) {
            throw ApiError.invalidParam(field, field + " must be a number, but was " + describe(value));
        }
        double doubleValue = number.doubleValue();
        if (!(doubleValue >= min && doubleValue <= max)) {
            throw ApiError.invalidParam(field, field + " must be between " + min + " and " + max + ", but was "
                    + doubleValue);
        }
        return (float) doubleValue;
    }

    static boolean optionalBoolean(JsonObject json, String field, boolean fallback) {
        Object value = json.getValue(field);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Boolean flag)) {
            throw ApiError.invalidParam(field, field + " must be true or false, but was " + describe(value));
        }
        return flag;
    }

    static void optionalString(JsonObject json, String field) {
        Object value = json.getValue(field);
        if (value != null && !(value instanceof String)) {
            throw ApiError.invalidParam(field, field + " must be a string, but was " + describe(value));
        }
    }

    static boolean isIntegral(Number number) {
        if (number instanceof Integer || number instanceof Long || number instanceof Short || number instanceof Byte) {
            return true;
        }
        if (number instanceof java.math.BigInteger big) {
            return big.bitLength() < 63;
        }
        double value = number.doubleValue();
        return value == Math.rint(value) && Math.abs(value) < 9.0e15;
    }

    static String describe(Object value) {
        return value instanceof String text ? "the string \"" + text + "\"" : typeName(value) + " " + value;
    }

    static String typeName(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof JsonObject) {
            return "an object";
        }
        if (value instanceof JsonArray) {
            return "an array";
        }
        if (value instanceof String) {
            return "a string";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (value instanceof Number) {
            return "a number";
        }
        return value.getClass().getSimpleName();
    }
}
