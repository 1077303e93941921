package com.cascade4arm.demomodels.internal.design;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PreviousTokenHeadTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void scoresTheTokenItLooksForHighestAtEveryDistanceUpToTheCheckedContext(int distance) {
        double[] scores = PreviousTokenHead.scores(distance, PreviousTokenHead.CHECKED_DISTANCE);
        double peak = scores[distance];
        double worst = Double.NEGATIVE_INFINITY;
        for (int offset = 0; offset < scores.length; offset++) {
            if (offset != distance) {
                worst = Math.max(worst, scores[offset]);
            }
        }

        assertThat(peak).isCloseTo(PreviousTokenHead.PEAK_SCORE, org.assertj.core.data.Offset.offset(0.01));
        assertThat(peak - worst).as("nats between the wanted token and the best other one")
                .isGreaterThanOrEqualTo(PreviousTokenHead.WORST_GAP * PreviousTokenHead.PEAK_SCORE);
    }

    @Test
    void topicPairBarelyRotatesOverTheContext() {
        double angle = PreviousTokenHead.CHECKED_DISTANCE * PreviousTokenHead.theta(DesignedBlock.slowPair());

        assertThat(StrictMath.cos(angle)).isGreaterThan(0.999);
    }
}
