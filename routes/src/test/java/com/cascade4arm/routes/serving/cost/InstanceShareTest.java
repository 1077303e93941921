package com.cascade4arm.routes.serving.cost;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class InstanceShareTest {
    private final AtomicLong nanos = new AtomicLong(1_000);
    private final InstanceShare share = new InstanceShare(nanos::get);

    private void advanceMs(long ms) {
        nanos.addAndGet(ms * 1_000_000);
    }

    @Test
    void aRequestAloneHoldsTheWholeInstanceWhateverTheSlots() {
        InstanceShare.Ticket alone = share.open();
        advanceMs(2_000);
        alone.close();

        assertThat(alone.shareMs()).isCloseTo(2_000, within(1e-9));
    }

    @Test
    void overlappingRequestsSplitTheTimeTheyShareAndTheSharesAddUpToBusyTime() {
        InstanceShare.Ticket first = share.open();
        advanceMs(1_000);                  // first alone: 1,000
        InstanceShare.Ticket second = share.open();
        advanceMs(2_000);                  // both: 1,000 each
        first.close();
        advanceMs(500);                    // second alone: 500
        second.close();
        advanceMs(10_000);                 // idle: nobody's share

        assertThat(first.shareMs()).isCloseTo(2_000, within(1e-9));
        assertThat(second.shareMs()).isCloseTo(1_500, within(1e-9));
        assertThat(first.shareMs() + second.shareMs()).as("busy time 3.5 s").isCloseTo(3_500, within(1e-9));
        assertThat(share.inFlight()).isZero();
    }

    @Test
    void readsAShareWhileTheRequestRunsAndClosesOnlyOnce() {
        InstanceShare.Ticket ticket = share.open();
        advanceMs(300);
        assertThat(ticket.shareMs()).isCloseTo(300, within(1e-9));
        ticket.close();
        ticket.close();

        assertThat(share.inFlight()).isZero();
    }
}
