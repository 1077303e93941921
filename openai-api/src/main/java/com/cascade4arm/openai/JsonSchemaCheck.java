package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a {@code response_format} JSON schema before any model server sees it: within {@link SchemaLimits}, and only
 * what llama.cpp's schema converter can take — in our hosts (de.kherud:llama) a schema it cannot convert aborts the
 * process, and one it can convert may still grow without bound. Every refusal is a 400 naming where and which limit.
 */
final class JsonSchemaCheck {
    static final String WHERE = "response_format.json_schema.schema";
    static final String PARAM = "response_format";
    private static final Set<String> TYPES = Set.of("string", "number", "integer", "boolean", "null", "array", "object");
    /** What tells llama.cpp's converter what a schema node is; a node with none of these (and not {}) is refused. */
    private static final List<String> KINDS = List.of("type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const",
            "properties", "items", "prefixItems");
    private static final List<String> BOUNDS = List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum");

    private final SchemaLimits limits;
    private final JsonNode root;
    private final Set<JsonNode> schemaNodes = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Map.Entry<String, String>> refs = new ArrayList<>();
    private int properties;
    private long repetitions;

    private JsonSchemaCheck(JsonNode root, SchemaLimits limits) {
        this.root = root;
        this.limits = limits;
    }

    /** 400 unless {@code schema} (an object) is within {@code limits} and of the shape llama.cpp converts. */
    static void check(JsonNode schema, SchemaLimits limits) {
        int chars = schema.toString().length();
        if (chars > limits.maxSchemaChars()) {
            throw limit(WHERE, "the schema must be at most " + limits.maxSchemaChars() + " characters of JSON, but was " + chars);
        }
        depth(schema, 1, limits.maxDepth());
        JsonSchemaCheck check = new JsonSchemaCheck(schema, limits);
        check.node(schema, WHERE);
        check.resolveRefs();
    }

    private static void depth(JsonNode node, int level, int max) {
        if (!node.isContainerNode()) {
            return;
        }
        if (level > max) {
            throw limit(WHERE, "the schema may nest objects and arrays at most " + max + " deep, but nested deeper");
        }
        for (JsonNode child : node) {
            depth(child, level + 1, max);
        }
    }

    private void node(JsonNode schema, String where) {
        if (!schema.isObject()) {
            throw unsupported(where, "a schema must be an object, but was " + Values.describe(schema));
        }
        schemaNodes.add(schema);
        if (!schema.isEmpty() && KINDS.stream().noneMatch(schema::has)) {
            throw unsupported(where, "a schema must say what it is with one of " + String.join(", ", KINDS) + " (or be {})");
        }
        type(schema.get("type"), where);
        for (String bound : BOUNDS) {
            number(schema, bound, where);
        }
        long length = range(schema, "minLength", "maxLength", limits.maxStringLength(), where);
        long items = range(schema, "minItems", "maxItems", limits.maxItems(), where);
        add(length + items, where);
        text(schema, "format", where);
        if (schema.has("pattern")) {
            text(schema, "pattern", where);
            add(PatternCheck.check(schema.get("pattern").asText(), limits, where), where);
        }
        strings(schema, "required", where);
        ref(schema, where);
        schemaMap(schema, "properties", where, true);
        schemaMap(schema, "$defs", where, false);
        schemaMap(schema, "definitions", where, false);
        schemaList(schema, "anyOf", where);
        schemaList(schema, "oneOf", where);
        schemaList(schema, "allOf", where);
        schemaList(schema, "prefixItems", where);
        JsonNode itemsNode = schema.get("items");
        if (itemsNode != null && itemsNode.isArray()) {
            schemaList(schema, "items", where);
        } else if (itemsNode != null) {
            node(itemsNode, where + ".items");
        }
        JsonNode additional = schema.get("additionalProperties");
        if (additional != null && !additional.isBoolean()) {
            node(additional, where + ".additionalProperties");
        }
        JsonNode values = schema.get("enum");
        if (values != null && (!values.isArray() || values.isEmpty())) {
            throw unsupported(where, "enum must be a non-empty array, but was " + Values.describe(values));
        }
    }

    private void type(JsonNode type, String where) {
        if (type == null) {
            return;
        }
        List<JsonNode> names = new ArrayList<>();
        if (type.isArray() && !type.isEmpty()) {
            type.forEach(names::add);
        } else {
            names.add(type);
        }
        for (JsonNode name : names) {
            if (!name.isTextual() || !TYPES.contains(name.asText())) {
                throw unsupported(where, "type must be one of " + String.join(", ", TYPES.stream().sorted().toList())
                        + " (or a non-empty array of them), but was " + Values.describe(name));
            }
        }
    }

    private void number(JsonNode schema, String field, String where) {
        JsonNode value = schema.get(field);
        if (value == null) {
            return;
        }
        if (!value.isNumber()) {
            throw unsupported(where, field + " must be a number, but was " + Values.describe(value));
        }
        if (!(Math.abs(value.asDouble()) <= limits.maxNumberMagnitude())) {
            throw limit(where, field + " must be between -" + plain(limits.maxNumberMagnitude()) + " and "
                    + plain(limits.maxNumberMagnitude()) + ", but was " + value.asText());
        }
    }

    /** Checks a min/max pair of counts; returns the larger one given (what the grammar grows with). */
    private static long range(JsonNode schema, String minField, String maxField, int cap, String where) {
        long min = count(schema, minField, cap, where);
        long max = count(schema, maxField, cap, where);
        if (schema.has(minField) && schema.has(maxField) && min > max) {
            throw unsupported(where, minField + " must not exceed " + maxField + ", but was " + min + " > " + max);
        }
        return Math.max(min, max);
    }

    private static long count(JsonNode schema, String field, int cap, String where) {
        JsonNode value = schema.get(field);
        if (value == null) {
            return 0;
        }
        if (!value.isIntegralNumber() || value.bigIntegerValue().signum() < 0) {
            throw unsupported(where, field + " must be a non-negative integer, but was " + Values.describe(value));
        }
        if (!value.canConvertToLong() || value.asLong() > cap) {
            throw limit(where, field + " must be at most " + cap + ", but was " + value.asText());
        }
        return value.asLong();
    }

    private void add(long units, String where) {
        repetitions += units;
        if (repetitions > limits.maxRepetitionTotal()) {
            throw limit(where, "the schema's lengths, item counts and pattern repetitions may add up to at most "
                    + limits.maxRepetitionTotal() + ", but reached " + repetitions);
        }
    }

    private static void text(JsonNode schema, String field, String where) {
        JsonNode value = schema.get(field);
        if (value != null && !value.isTextual()) {
            throw unsupported(where, field + " must be a string, but was " + Values.describe(value));
        }
    }

    private static void strings(JsonNode schema, String field, String where) {
        JsonNode value = schema.get(field);
        if (value == null) {
            return;
        }
        if (!value.isArray()) {
            throw unsupported(where, field + " must be an array of strings, but was " + Values.describe(value));
        }
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw unsupported(where, field + " must be an array of strings, but had " + Values.describe(item));
            }
        }
    }

    private void ref(JsonNode schema, String where) {
        JsonNode ref = schema.get("$ref");
        if (ref == null) {
            return;
        }
        if (!ref.isTextual() || !ref.asText().startsWith("#/")) {
            throw unsupported(where, "$ref must be a reference inside the schema (\"#/...\"), but was " + Values.describe(ref));
        }
        refs.add(Map.entry(ref.asText(), where));
    }

    private void schemaMap(JsonNode schema, String field, String where, boolean countProperties) {
        JsonNode map = schema.get(field);
        if (map == null) {
            return;
        }
        if (!map.isObject()) {
            throw unsupported(where, field + " must be an object of schemas, but was " + Values.describe(map));
        }
        if (countProperties) {
            properties += map.size();
            if (properties > limits.maxProperties()) {
                throw limit(where, "the schema may have at most " + limits.maxProperties()
                        + " properties in all its objects together, but had more");
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            node(entry.getValue(), where + "." + field + "." + Values.abbreviate(entry.getKey()));
        }
    }

    private void schemaList(JsonNode schema, String field, String where) {
        JsonNode list = schema.get(field);
        if (list == null) {
            return;
        }
        if (!list.isArray() || list.isEmpty()) {
            throw unsupported(where, field + " must be a non-empty array of schemas, but was " + Values.describe(list));
        }
        for (int i = 0; i < list.size(); i++) {
            node(list.get(i), where + "." + field + "[" + i + "]");
        }
    }

    /** Each $ref must lead, object by object from the root, to one of the schemas checked above. */
    private void resolveRefs() {
        for (Map.Entry<String, String> ref : refs) {
            JsonNode target = root;
            for (String step : ref.getKey().substring(2).split("/", -1)) {
                target = target.isObject() ? target.get(step) : null;
                if (target == null) {
                    break;
                }
            }
            if (target == null || !schemaNodes.contains(target)) {
                throw unsupported(ref.getValue(), "$ref " + Values.abbreviate(ref.getKey())
                        + " does not lead to a schema inside this one");
            }
        }
    }

    static ApiError limit(String where, String message) {
        return ApiError.invalidParam(PARAM, "schema_too_large", where + ": " + message);
    }

    static ApiError unsupported(String where, String message) {
        return ApiError.invalidParam(PARAM, "unsupported_schema", where + ": " + message);
    }

    private static String plain(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
