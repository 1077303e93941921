package com.cascade4arm.bench.judge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class OutcomeTest {

    /** cascadeFirst: the verdict with the cascade as A; baselineFirst: with the baseline as A. */
    @ParameterizedTest
    @CsvSource({
            "A, B, WIN", // cascade picked in both orders
            "A, TIE, WIN", "TIE, B, WIN",
            "B, A, LOSS", // baseline picked in both orders
            "B, TIE, LOSS", "TIE, A, LOSS",
            "TIE, TIE, TIE",
            "A, A, TIE", // always the first position: position bias, not a preference
            "B, B, TIE"}) // always the second position
    void combinesBothOrdersFromTheCascadesSide(Verdict cascadeFirst, Verdict baselineFirst, Outcome expected) {
        assertThat(Outcome.combine(cascadeFirst, baselineFirst)).isEqualTo(expected);
    }

    @Test
    void aMissingOrderLeavesThePromptUnjudged() {
        assertThat(Outcome.combine(null, Verdict.A)).isEqualTo(Outcome.UNJUDGED);
        assertThat(Outcome.combine(Verdict.A, null)).isEqualTo(Outcome.UNJUDGED);
    }
}
