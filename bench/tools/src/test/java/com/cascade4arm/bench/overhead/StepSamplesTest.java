package com.cascade4arm.bench.overhead;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StepSamplesTest {

    @Test
    void percentilesAndRateOverEveryAnsweredRequestOfAllSlices() {
        StepSamples samples = new StepSamples();
        for (int i = 1; i <= 3000; i++) { // beyond the first array's size: it grows
            samples.sent(0.01);
            samples.ok(i / 1000.0, i / 100.0, 9, 0L);
        }
        samples.addWall(0.5);
        samples.addWall(0.5);
        assertThat(samples.ok()).isEqualTo(3000);
        assertThat(samples.pending()).isZero();
        assertThat(samples.total(50)).isCloseTo(15.005, within(1e-9));
        assertThat(samples.ttft(99)).isCloseTo(2.97001, within(1e-9));
        assertThat(samples.achievedRate()).as("answers per second of the slices' wall time").isEqualTo(3000);
        assertThat(samples.eventsPerAnswer()).isEqualTo(9);
    }

    @Test
    void aFailureEndsARequestButCountsNoLatency() {
        StepSamples samples = new StepSamples();
        samples.sent(0);
        samples.sent(0);
        assertThat(samples.pending()).isEqualTo(2);
        samples.failed("status 502, 0 events, whole stream: false");
        samples.drop();
        assertThat(samples.pending()).isEqualTo(1);
        assertThat(samples.errors()).isEqualTo(1);
        assertThat(samples.dropped()).isEqualTo(1);
        assertThat(samples.firstError()).startsWith("status 502");
        assertThat(samples.total(50)).as("no answer yet").isNaN();
    }

    @Test
    void listsTheSlowRequestsWithWhenTheyWereSent() {
        StepSamples samples = new StepSamples();
        long sentAt = System.nanoTime();
        samples.ok(0.1, 0.2, 9, sentAt);
        samples.ok(6.0, 7.5, 9, sentAt + 2_000_000_000L);
        assertThat(samples.slowerThan(5)).singleElement().satisfies(slow -> {
            assertThat(slow[1]).as("its latency").isEqualTo(7.5);
            assertThat(slow[0]).as("sent 2 s after the first, in epoch ms")
                    .isCloseTo(System.currentTimeMillis() + 2000, within(1000.0));
        });
    }
}
