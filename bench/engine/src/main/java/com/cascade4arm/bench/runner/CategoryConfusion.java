package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.Prompt;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The rulebook's category for each prompt of a run against the suite's label: route accuracy only sees small vs
 * large, so a reasoning prompt routed large as "code" counts as right there; this table shows such confusions. Cells
 * count prompts per (label, predicted) pair; {@code predicted} is "none" when no rule assigned a category.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CategoryConfusion(int prompts, int matching, double accuracy, List<Cell> cells,
                                List<Prediction> predictions) {
    /** What the rulebook says when no rule assigned a category. */
    public static final String NONE = "none";
    public static final List<String> HEADER = List.of("prompt_id", "label", "predicted", "prompt");

    /** Prompts with this label that the rulebook put in this category. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Cell(String label, String predicted, int count) {
    }

    /** One prompt: its id, label and the rulebook's category. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Prediction(String promptId, String label, String predicted, String prompt) {
        List<String> csvFields() {
            return List.of(promptId, label, predicted, prompt);
        }
    }

    /** Each distinct prompt once; {@code categoryOf}: the rulebook's category of a prompt text (null = none). */
    public static CategoryConfusion of(List<Prompt> prompts, Function<String, String> categoryOf) {
        Map<String, Prediction> byId = new LinkedHashMap<>();
        for (Prompt prompt : prompts) {
            byId.computeIfAbsent(prompt.id(), id -> new Prediction(id, prompt.category(),
                    Objects.requireNonNullElse(categoryOf.apply(prompt.prompt()), NONE), prompt.prompt()));
        }
        Map<List<String>, Integer> counts = new LinkedHashMap<>();
        int matching = 0;
        for (Prediction p : byId.values()) {
            counts.merge(List.of(p.label(), p.predicted()), 1, Integer::sum);
            matching += p.label().equals(p.predicted()) ? 1 : 0;
        }
        List<Cell> cells = new ArrayList<>();
        counts.forEach((pair, count) -> cells.add(new Cell(pair.get(0), pair.get(1), count)));
        int total = byId.size();
        return new CategoryConfusion(total, matching, total == 0 ? 0 : RequestRow.round((double) matching / total, 4),
                List.copyOf(cells), List.copyOf(byId.values()));
    }
}
