package com.cascade4arm.routes.bench;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.openai.ApiError;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads the body of {@code POST /api/bench/runs} — every field optional — into a config without targets (the gateway
 * fixes those). Wrong types and unknown fields are 400s naming the field and the value; bounds are BenchConfig's job.
 */
final class BenchRequestParser {
    static final Set<String> FIELDS = Set.of("prompts", "levels", "requests_per_level", "max_tokens",
            "request_timeout_ms", "deadline_seconds");

    private BenchRequestParser() {
    }

    /** {@code root}: the body as camel-jackson read it; null or empty means every default. */
    static BenchConfig parse(JsonNode root) {
        if (root == null || root.isNull() || root.isMissingNode()) {
            return BenchConfig.of(List.of());
        }
        if (!root.isObject()) {
            throw invalid("the body must be a JSON object, but was " + abbreviate(root));
        }
        if (root.has("targets")) {
            throw invalid("targets are fixed by the gateway's configuration (cascade, and baseline when "
                    + "cascade.baseline.url is set); remove 'targets'");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw invalid("unknown field '" + name + "'; allowed: " + String.join(", ", FIELDS.stream().sorted().toList()));
            }
        }
        return new BenchConfig(prompts(root.get("prompts")), levels(root.get("levels")),
                integer(root, "requests_per_level"), integer(root, "max_tokens"), List.of(),
                longInteger(root, "request_timeout_ms"), longInteger(root, "deadline_seconds"));
    }

    private static PromptSelection prompts(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isIntegralNumber() && node.canConvertToInt()) {
            return PromptSelection.first(node.asInt());
        }
        if (node.isArray()) {
            List<String> ids = new ArrayList<>();
            for (JsonNode id : node) {
                if (!id.isTextual()) {
                    throw invalid("prompts must be a count or a list of prompt ids, but contained " + abbreviate(id));
                }
                ids.add(id.asText());
            }
            return PromptSelection.ids(ids);
        }
        throw invalid("prompts must be a count or a list of prompt ids, but was " + abbreviate(node));
    }

    private static List<Integer> levels(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw invalid("levels must be a list of integers, but was " + abbreviate(node));
        }
        List<Integer> levels = new ArrayList<>();
        for (JsonNode level : node) {
            if (!level.isIntegralNumber() || !level.canConvertToInt()) {
                throw invalid("levels must be a list of integers, but contained " + abbreviate(level));
            }
            levels.add(level.asInt());
        }
        return levels;
    }

    private static Integer integer(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw invalid(field + " must be an integer, but was " + abbreviate(node));
        }
        return node.asInt();
    }

    private static Long longInteger(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw invalid(field + " must be an integer, but was " + abbreviate(node));
        }
        return node.asLong();
    }

    private static ApiError invalid(String message) {
        return ApiError.badRequest("invalid_bench_config", message);
    }

    private static String abbreviate(JsonNode node) {
        String text = node.toString();
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
}
