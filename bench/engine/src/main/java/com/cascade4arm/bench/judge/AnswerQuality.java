package com.cascade4arm.bench.judge;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * A run's answer quality: the cascade against the baseline, judged per suite prompt in both orders ({@link Outcome}),
 * tallied overall, per category and per route. {@code state} is "judging" while the judge works (after the measured
 * requests), "done" after, or "skipped" with the reason in {@code note}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AnswerQuality(String state, String judgeModel, String cascadeTarget, String baselineTarget, int pairs,
                            QualityTally overall, List<QualityTally> byCategory, List<QualityTally> byRoute,
                            List<PromptJudgement> prompts, String note) {

    public static final String JUDGING = "judging";
    public static final String DONE = "done";
    public static final String SKIPPED = "skipped";

    public static AnswerQuality skipped(String judgeModel, String why) {
        return new AnswerQuality(SKIPPED, judgeModel, null, null, 0, null, List.of(), List.of(), List.of(), why);
    }

    /** The tallies of {@code judgements} so far, in {@code state}. */
    public static AnswerQuality of(String state, String judgeModel, String cascadeTarget, String baselineTarget, int pairs,
                            List<PromptJudgement> judgements) {
        return new AnswerQuality(state, judgeModel, cascadeTarget, baselineTarget, pairs,
                QualityTally.of("all", judgements), QualityTally.by(judgements, PromptJudgement::category),
                QualityTally.by(judgements, PromptJudgement::route), List.copyOf(judgements), null);
    }
}
