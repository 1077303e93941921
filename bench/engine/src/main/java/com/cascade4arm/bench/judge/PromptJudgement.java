package com.cascade4arm.bench.judge;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Arrays;
import java.util.List;

/**
 * The judge's verdicts on one prompt in both orders (null where it gave none) and the combined {@link Outcome};
 * {@code reason} says why an unjudged prompt is unjudged (null otherwise).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PromptJudgement(String promptId, String category, String route, Verdict verdictCascadeFirst,
                              Verdict verdictBaselineFirst, Outcome outcome, String reason) {

    public static final List<String> HEADER = List.of("prompt_id", "category", "route", "verdict_cascade_first",
            "verdict_baseline_first", "outcome", "reason");

    static PromptJudgement unjudged(AnswerPair pair, String reason) {
        return new PromptJudgement(pair.promptId(), pair.category(), pair.route(), null, null, Outcome.UNJUDGED, reason);
    }

    public List<String> csvFields() {
        return Arrays.asList(promptId, category, route, verdictCascadeFirst == null ? null : verdictCascadeFirst.name(),
                verdictBaselineFirst == null ? null : verdictBaselineFirst.name(), outcome.label(), reason);
    }
}
