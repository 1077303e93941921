package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.overhead.SustainedRate.Step;
import com.cascade4arm.bench.overhead.SustainedRate.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SustainedRateTest {
    private static final double LIMIT_MS = 5;

    private static Step step(double offered, double achieved, int failures, double p99Added) {
        return new Step(offered, achieved, failures, p99Added, offered, 0);
    }

    @Test
    void theHighestRateOfTheUnbrokenRunWithinTheLimit() {
        Verdict verdict = SustainedRate.of(List.of(step(500, 500, 0, 0.4), step(1000, 1000, 0, 1.2),
                step(2000, 1990, 0, 4.9), step(3000, 2990, 0, 5.1), step(4000, 3990, 0, 2)), LIMIT_MS);
        assertThat(verdict).as("3000 adds 5.1 ms at p99; 4000 passing by chance does not count")
                .isEqualTo(new Verdict(2000, false));
    }

    @Test
    void aFailureOrAShortfallBreaksTheRunWhateverTheLatency() {
        assertThat(SustainedRate.of(List.of(step(500, 500, 0, 0.1), step(1000, 1000, 1, 0.1)), LIMIT_MS).rate())
                .as("one failed request").isEqualTo(500);
        assertThat(SustainedRate.of(List.of(step(500, 500, 0, 0.1), step(1000, 900, 0, 0.1)), LIMIT_MS).rate())
                .as("90 % of the rate achieved").isEqualTo(500);
    }

    @Test
    void noRateWhenEvenTheLowestFails() {
        assertThat(SustainedRate.of(List.of(step(500, 500, 0, 9)), LIMIT_MS)).isEqualTo(new Verdict(0, false));
    }

    @Test
    void stopsAtARateTheDirectTargetCouldNotReachAndSaysSo() {
        Step directShort = new Step(4000, 3000, 0, 1, 3100, 0);
        Verdict verdict = SustainedRate.of(List.of(step(2000, 2000, 0, 1), step(3000, 3000, 0, 1), directShort),
                LIMIT_MS);
        assertThat(verdict).isEqualTo(new Verdict(3000, true));
    }

    @Test
    void withoutALatencyLimitTheCeilingIsWhereFailuresOrShortfallsBegin() {
        assertThat(SustainedRate.of(List.of(step(1000, 1000, 0, 70), step(2000, 1995, 0, 90), step(3000, 2775, 0, 550)),
                Double.POSITIVE_INFINITY)).isEqualTo(new Verdict(2000, false));
    }
}
