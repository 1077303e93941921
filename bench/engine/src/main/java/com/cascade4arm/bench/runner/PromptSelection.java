package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Which suite prompts a run uses: the first {@code count} (JSON: a number) or explicit prompt ids (JSON: an array of
 * ids). Exactly one of the two is set.
 */
public record PromptSelection(Integer count, List<String> ids) {

    public PromptSelection {
        ids = ids == null ? null : List.copyOf(ids);
    }

    public static PromptSelection first(int count) {
        return new PromptSelection(count, null);
    }

    public static PromptSelection ids(List<String> ids) {
        return new PromptSelection(null, ids);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static PromptSelection fromJson(JsonNode node) {
        if (node.isIntegralNumber()) {
            return first(node.asInt());
        }
        if (node.isArray()) {
            List<String> ids = new ArrayList<>();
            node.forEach(id -> ids.add(id.asText()));
            return ids(ids);
        }
        throw new InvalidBenchConfigException(
                "prompts must be a count or a list of prompt ids, but was " + node);
    }

    @JsonValue
    Object toJson() {
        return count != null ? count : ids;
    }

    /** Problems with this selection against the suite (empty when valid). */
    List<String> problems(PromptSuite suite) {
        List<String> problems = new ArrayList<>();
        if (count != null) {
            if (count < 1 || count > suite.size()) {
                problems.add("prompts must be between 1 and " + suite.size() + ", but was " + count);
            }
        } else if (ids == null || ids.isEmpty()) {
            problems.add("prompts must be a count or a non-empty list of prompt ids, but was " + ids);
        } else {
            ids.stream().filter(id -> suite.byId(id).isEmpty()).distinct()
                    .forEach(id -> problems.add("prompts contains unknown prompt id '" + id + "'"));
        }
        return problems;
    }

    /** The selected prompts in order (call after validation). */
    List<Prompt> resolve(PromptSuite suite) {
        return count != null ? suite.first(count) : ids.stream().map(id -> suite.byId(id).orElseThrow()).toList();
    }
}
