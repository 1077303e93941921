package com.cascade4arm.bench.judge;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One suite prompt's answers to compare: the cascade's (with the route it took) and the baseline's, each from the
 * first successful request of that prompt in the run.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AnswerPair(String promptId, String category, String prompt, String route, String cascadeAnswer,
                         String baselineAnswer) {
}
