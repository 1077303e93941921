package com.cascade4arm.bench.jmh;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class DecisionTailTest {

    @Test
    void upkeepEveryHundredthDecisionShowsAtItsPosition() {
        long[] nanos = new long[10_000];
        Arrays.fill(nanos, 10_000);
        for (int i = 37; i < nanos.length; i += 100) {
            nanos[i] = 30_000; // a renewal on the deciding thread
        }
        nanos[5] = 90_000; // one neighbour's burst

        DecisionTail tail = DecisionTail.of(nanos, 100);

        assertThat(tail.p50Micros()).isCloseTo(10, within(1e-9));
        assertThat(tail.slow()).isEqualTo(101);
        assertThat(tail.busiestPhase()).isEqualTo(37);
        assertThat(tail.busiestCount()).isEqualTo(100);
        assertThat(tail.rhythm()).as("100 of 101 slow at one of 100 positions").isCloseTo(99.0, within(0.1));
        assertThat(tail.costliestPhase()).isEqualTo(37);
        assertThat(tail.costliestMeanMicros() - tail.typicalMeanMicros()).as("the renewal's cost")
                .isCloseTo(20, within(1e-9));
    }

    @Test
    void slowDecisionsOutOfStepWithThePeriodHaveNoRhythm() {
        long[] nanos = new long[10_000];
        Arrays.fill(nanos, 10_000);
        for (int i = 0; i < nanos.length; i += 97) {
            nanos[i] = 50_000;
        }

        DecisionTail tail = DecisionTail.of(nanos, 100);

        assertThat(tail.slow()).isEqualTo(104);
        assertThat(tail.rhythm()).as("at most two at any position").isLessThanOrEqualTo(2.0);
        assertThat(tail.costliestMeanMicros() - tail.typicalMeanMicros()).as("at most two 40 µs excesses in 100")
                .isLessThanOrEqualTo(0.8 + 1e-9);
    }

    @Test
    void aRunWithoutSlowDecisionsHasNone() {
        long[] nanos = new long[1_000];
        Arrays.fill(nanos, 10_000);

        DecisionTail tail = DecisionTail.of(nanos, 100);

        assertThat(tail.slow()).isZero();
        assertThat(tail.rhythm()).isZero();
        assertThat(tail.p99Micros()).isCloseTo(10, within(1e-9));
        assertThat(tail.costliestMeanMicros()).isCloseTo(tail.typicalMeanMicros(), within(1e-9));
    }
}
