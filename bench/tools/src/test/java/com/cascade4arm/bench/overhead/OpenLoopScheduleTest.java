package com.cascade4arm.bench.overhead;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OpenLoopScheduleTest {
    private static final long START = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    @Test
    void handsOutEachArrivalOnceWhenItComesDue() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(START, 4000, 1); // one every 0.25 ms
        assertThat(schedule.takeDue(START - 1)).as("before the start").isZero();
        assertThat(schedule.takeDue(START)).as("the first is due at the start").isEqualTo(1);
        assertThat(schedule.takeDue(START)).as("asked again at the same time").isZero();
        assertThat(schedule.takeDue(START + MS)).as("0.25, 0.5, 0.75 and 1.0 ms").isEqualTo(4);
        assertThat(schedule.dueNanos(4)).isEqualTo(START + MS);
    }

    @Test
    void aLateTickCatchesUpInsteadOfLoweringTheRate() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(START, 1000, 10);
        schedule.takeDue(START);
        // The sender stalled for 50 ms: every arrival due meanwhile is sent now, none is skipped.
        assertThat(schedule.takeDue(START + 50 * MS)).isEqualTo(50);
        assertThat(schedule.issued()).isEqualTo(51);
    }

    @Test
    void endsAfterRateTimesDurationArrivals() {
        OpenLoopSchedule schedule = new OpenLoopSchedule(START, 3000, 2.5);
        assertThat(schedule.total()).isEqualTo(7500);
        assertThat(schedule.takeDue(START + 60_000 * MS)).isEqualTo(7500);
        assertThat(schedule.finished()).isTrue();
        assertThat(schedule.takeDue(START + 120_000 * MS)).isZero();
    }

    @Test
    void rejectsARateOrDurationOfZero() {
        assertThatThrownBy(() -> new OpenLoopSchedule(START, 0, 1)).hasMessageContaining("0.0 req/s");
        assertThatThrownBy(() -> new OpenLoopSchedule(START, 10, 0)).hasMessageContaining("0.0 s");
    }
}
