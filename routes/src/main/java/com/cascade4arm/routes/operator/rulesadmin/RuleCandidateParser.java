package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.openai.ApiError;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a candidate body: {@code {"files": [{"name", "content"}]}} or {@code {"drl": "…", "name"?: "…"}} plus optional
 * {@code author}, {@code comment}, {@code base_version}, {@code prompts}. A malformed request is a 400 naming the field;
 * whether the DRL is any good is the checker's and the compiler's business, answered with problems.
 */
final class RuleCandidateParser {
    static final Set<String> FIELDS = Set.of("files", "drl", "name", "author", "comment", "base_version", "prompts");
    /** File name of a single-file candidate sent as {"drl": ...} without a name. */
    static final String DEFAULT_FILE_NAME = "rules.drl";
    static final int MAX_AUTHOR_CHARS = 100;
    static final int MAX_COMMENT_CHARS = 1_000;
    static final int MAX_EXTRA_PROMPTS = 50;
    static final int MAX_PROMPT_CHARS = 32_000;
    static final String DEFAULT_AUTHOR = "admin";

    private RuleCandidateParser() {
    }

    /**
     * {@code root}: the body as camel-jackson read it. An empty body (null) is allowed (e.g. a rollback without author
     * or comment); files are then empty.
     */
    static RuleCandidate parse(JsonNode root, boolean filesRequired) {
        if (root == null || root.isNull() || root.isMissingNode()) {
            if (filesRequired) {
                throw invalid("send {\"files\": [{\"name\": \"x.drl\", \"content\": \"...\"}]} or {\"drl\": \"...\"}");
            }
            return new RuleCandidate(Map.of(), DEFAULT_AUTHOR, null, null, List.of());
        }
        if (!root.isObject()) {
            throw invalid("the body must be a JSON object");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw invalid("unknown field '" + name + "'; allowed: " + String.join(", ", FIELDS.stream().sorted().toList()));
            }
        }
        Map<String, String> files = files(root);
        if (filesRequired && files.isEmpty()) {
            throw invalid("files or drl is required");
        }
        String author = text(root, "author", MAX_AUTHOR_CHARS);
        return new RuleCandidate(files, author == null ? DEFAULT_AUTHOR : author, text(root, "comment", MAX_COMMENT_CHARS),
                baseVersion(root), prompts(root));
    }

    private static Map<String, String> files(JsonNode root) {
        if (root.has("files") && root.has("drl")) {
            throw invalid("give either files or drl, not both");
        }
        Map<String, String> files = new LinkedHashMap<>();
        if (root.has("drl")) {
            if (!root.get("drl").isTextual()) {
                throw invalid("drl must be a string of DRL");
            }
            String name = text(root, "name", 100);
            files.put(name == null ? DEFAULT_FILE_NAME : name, root.get("drl").asText());
            return files;
        }
        if (root.has("name")) {
            throw invalid("name goes with drl; with files, name each file");
        }
        JsonNode list = root.get("files");
        if (list == null || list.isNull()) {
            return files;
        }
        if (!list.isArray()) {
            throw invalid("files must be a list of {\"name\", \"content\"}");
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode file = list.get(i);
            if (!file.path("name").isTextual() || !file.path("content").isTextual()) {
                throw invalid("files[" + i + "] needs a string name and a string content");
            }
            if (files.put(file.get("name").asText(), file.get("content").asText()) != null) {
                throw invalid("files[" + i + "]: the name '" + file.get("name").asText() + "' appears twice");
            }
        }
        return files;
    }

    private static Long baseVersion(JsonNode root) {
        JsonNode node = root.get("base_version");
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < 1) {
            throw invalid("base_version must be a positive integer, but was " + abbreviate(node));
        }
        return node.asLong();
    }

    private static List<String> prompts(JsonNode root) {
        JsonNode node = root.get("prompts");
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray() || node.size() > MAX_EXTRA_PROMPTS) {
            throw invalid("prompts must be a list of at most " + MAX_EXTRA_PROMPTS + " strings");
        }
        List<String> prompts = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode prompt = node.get(i);
            if (!prompt.isTextual() || prompt.asText().isBlank() || prompt.asText().length() > MAX_PROMPT_CHARS) {
                throw invalid("prompts[" + i + "] must be a non-blank string of at most " + MAX_PROMPT_CHARS
                        + " characters, but was " + abbreviate(prompt));
            }
            prompts.add(prompt.asText());
        }
        return prompts;
    }

    private static String text(JsonNode root, String field, int maxChars) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual() || node.asText().length() > maxChars) {
            throw invalid(field + " must be a string of at most " + maxChars + " characters, but was " + abbreviate(node));
        }
        return node.asText().isBlank() ? null : node.asText().strip();
    }

    private static ApiError invalid(String message) {
        return ApiError.badRequest("invalid_rules_request", message);
    }

    private static String abbreviate(JsonNode node) {
        String text = node.toString();
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
}
