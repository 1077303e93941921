package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.bench.runner.Sampling;
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
            "request_timeout_ms", "deadline_seconds", "sampling", "fixed_length", "warmup_requests", "judge", "draft_pass",
            "suite", "conversations");
    static final Set<String> SAMPLING_FIELDS = Set.of("temperature", "top_p", "seed");

    private BenchRequestParser() {
    }

    /**
     * {@code root}: the body as camel-jackson read it; null or empty means every default. {@code judgeDefault}: whether
     * a run that does not say {@code judge} is judged.
     */
    static BenchConfig parse(JsonNode root, boolean judgeDefault) {
        if (root == null || root.isNull() || root.isMissingNode()) {
            return BenchConfig.of(List.of()).withJudge(judgeDefault);
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
        Boolean judge = bool(root, "judge");
        String suite = text(root, "suite");
        // The judge compares single prompts: a multi-turn run is not judged unless it asks (and is then refused).
        boolean judgeByDefault = judgeDefault && !BenchConfig.SUITE_CONVERSATIONS.equals(suite);
        return new BenchConfig(prompts(root.get("prompts")), levels(root.get("levels")),
                integer(root, "requests_per_level"), integer(root, "max_tokens"), List.of(),
                longInteger(root, "request_timeout_ms"), longInteger(root, "deadline_seconds"),
                sampling(root.get("sampling")), bool(root, "fixed_length"), integer(root, "warmup_requests"),
                judge != null ? judge : judgeByDefault, bool(root, "draft_pass"), suite,
                integer(root, "conversations"));
    }

    /** {@code {"temperature": 0.8, "top_p": 0.95, "seed": 42}}, every field optional (absent: the server's default). */
    private static Sampling sampling(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw invalid("sampling must be an object with temperature, top_p and seed, but was " + abbreviate(node));
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!SAMPLING_FIELDS.contains(name)) {
                throw invalid("unknown field 'sampling." + name + "'; allowed: seed, temperature, top_p");
            }
        }
        return new Sampling(number(node, "temperature"), number(node, "top_p"), integer(node, "seed"));
    }

    private static Double number(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isNumber()) {
            throw invalid(field + " must be a number, but was " + abbreviate(node));
        }
        return node.asDouble();
    }

    private static String text(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw invalid(field + " must be a string, but was " + abbreviate(node));
        }
        return node.asText();
    }

    private static Boolean bool(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isBoolean()) {
            throw invalid(field + " must be true or false, but was " + abbreviate(node));
        }
        return node.asBoolean();
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
