package com.cascade4arm.routes.serving.edge;

import org.junit.jupiter.api.Test;

import static com.cascade4arm.routes.serving.edge.ConcurrencyLimiter.Outcome.ADMITTED;
import static com.cascade4arm.routes.serving.edge.ConcurrencyLimiter.Outcome.CLIENT_FULL;
import static com.cascade4arm.routes.serving.edge.ConcurrencyLimiter.Outcome.TOTAL_FULL;
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
        assertThat(limiter.tryAcquire("c", true)).isEqualTo(ADMITTED);
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.tryServe()).isEqualTo(ADMITTED);
        }
        assertThat(limiter.tryServe()).as("fourth served at once").isEqualTo(TOTAL_FULL);
        assertThat(limiter.inFlight()).isEqualTo(4);
        assertThat(limiter.serving()).isEqualTo(3);
    }

    @Test
    void requestsWhoseBodiesAreStillArrivingHoldNoSharedSlot() {
        ConcurrencyLimiter limiter = new ConcurrencyLimiter(4, 2);
        for (int client = 0; client < 32; client++) {
            for (int i = 0; i < 4; i++) {
                assertThat(limiter.tryAcquire("slow-" + client, true)).isEqualTo(ADMITTED); // heads in, bodies trickling
            }
        }

        assertThat(limiter.tryAcquire("someone", true)).isEqualTo(ADMITTED);
        assertThat(limiter.tryServe()).as("the first complete body is served").isEqualTo(ADMITTED);
    }

    @Test
    void releasingFreesTheSlotAndForgetsIdleClients() {
        ConcurrencyLimiter limiter = new ConcurrencyLimiter(1, 1);
        limiter.tryAcquire("a", true);
        limiter.tryServe();

        limiter.endServing();
        limiter.release("a");

        assertThat(limiter.inFlight()).isZero();
        assertThat(limiter.serving()).isZero();
        assertThat(limiter.activeClients()).isZero();
        assertThat(limiter.tryAcquire("a", true)).isEqualTo(ADMITTED);
        assertThat(limiter.tryServe()).isEqualTo(ADMITTED);
    }

    @Test
    void internalCallsAreNeverRefusedByTheClientCap() {
        ConcurrencyLimiter limiter = new ConcurrencyLimiter(1, 3);

        assertThat(limiter.tryAcquire("127.0.0.1", false)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("127.0.0.1", false)).isEqualTo(ADMITTED);
        assertThat(limiter.tryAcquire("127.0.0.1", true)).as("an external call from the same address").isEqualTo(CLIENT_FULL);
    }

    @Test
    void aReleaseWithoutAcquireIsABug() {
        assertThatThrownBy(() -> new ConcurrencyLimiter(1, 1).release("a")).hasMessageContaining("client a");
        assertThatThrownBy(() -> new ConcurrencyLimiter(1, 1).endServing()).isInstanceOf(IllegalStateException.class);
    }
}
