package com.cascade4arm.routes.edge;

import org.junit.jupiter.api.Test;

import static com.cascade4arm.routes.edge.ConcurrencyLimiter.Outcome.ADMITTED;
import static com.cascade4arm.routes.edge.ConcurrencyLimiter.Outcome.CLIENT_FULL;
import static com.cascade4arm.routes.edge.ConcurrencyLimiter.Outcome.TOTAL_FULL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConcurrencyLimiterTest {
    @Test
    void capsEachClientAndTheTotal() {
        ConcurrencyLimiter limiter = new ConcurrencyLimiter(2, 3);

        assertThat(limiter.tryAcquire("a", true)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("a", true)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("a", true)).as("a's third").isEqualTo(CLIENT_FULL);
        assertThat(limiter.tryAcquire("b", true)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("c", true)).as("fourth overall").isEqualTo(TOTAL_FULL);
        assertThat(limiter.inFlight()).isEqualTo(3);
    }

    @Test
    void releasingFreesTheSlotAndForgetsIdleClients() {
        ConcurrencyLimiter limiter = new ConcurrencyLimiter(1, 10);
        limiter.tryAcquire("a", true);

        limiter.release("a");

        assertThat(limiter.inFlight()).isZero();
        assertThat(limiter.activeClients()).isZero();
        assertThat(limiter.tryAcquire("a", true)).isEqualTo(ADMITTED);
    }

    @Test
    void internalCallsCountInTheTotalOnly() {
        ConcurrencyLimiter limiter = new ConcurrencyLimiter(1, 3);

        assertThat(limiter.tryAcquire("127.0.0.1", false)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("127.0.0.1", false)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("127.0.0.1", true)).as("an external call from the same address").isEqualTo(CLIENT_FULL);
        assertThat(limiter.tryAcquire("x", false)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("y", false)).isEqualTo(TOTAL_FULL);
    }

    @Test
    void aReleaseWithoutAcquireIsABug() {
        assertThatThrownBy(() -> new ConcurrencyLimiter(1, 1).release("a")).hasMessageContaining("client a");
    }
}
