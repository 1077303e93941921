package com.cascade4arm.routes.serving.edge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RateLimiterTest {
    private final ManualClock clock = new ManualClock();

    @Test
    void letsABurstThroughThenRefusesUntilTheNextToken() {
        RateLimiter limiter = new RateLimiter(1, 5, 100, clock);

        for (int i = 0; i < 5; i++) {
            assertThat(limiter.tryAcquire("a")).as("request %d of the burst", i + 1).isZero();
        }
        long wait = limiter.tryAcquire("a");

        assertThat(wait).as("wait until the next token").isEqualTo(Duration.ofSeconds(1).toNanos());
        assertThat(RateLimiter.retryAfterSeconds(wait)).isEqualTo(1);
    }

    @Test
    void refillsAtTheConfiguredRate() {
        RateLimiter limiter = new RateLimiter(1, 5, 100, clock);
        for (int i = 0; i < 5; i++) {
            limiter.tryAcquire("a");
        }

        clock.advance(Duration.ofMillis(999));
        assertThat(limiter.tryAcquire("a")).as("1 ms short of a token").isEqualTo(Duration.ofMillis(1).toNanos());
        clock.advance(Duration.ofMillis(1));
        assertThat(limiter.tryAcquire("a")).as("token due").isZero();
        assertThat(limiter.tryAcquire("a")).isPositive();

        clock.advance(Duration.ofSeconds(60));
        for (int i = 0; i < 5; i++) {
            assertThat(limiter.tryAcquire("a")).as("refilled to the burst, not beyond: %d", i + 1).isZero();
        }
        assertThat(limiter.tryAcquire("a")).isPositive();
    }

    @Test
    void keepsClientsApart() {
        RateLimiter limiter = new RateLimiter(1, 1, 100, clock);

        assertThat(limiter.tryAcquire("a")).isZero();
        assertThat(limiter.tryAcquire("a")).isPositive();
        assertThat(limiter.tryAcquire("b")).as("b has its own bucket").isZero();
    }

    @ParameterizedTest(name = "{0}/s, burst {1}: wait after the burst {2} s")
    @CsvSource({"1, 5, 1", "0.1, 3, 10", "0.25, 1, 4", "2, 2, 1", "1000, 10, 1"})
    void retryAfterIsWholeSecondsRoundedUp(double rate, int burst, int expectedSeconds) {
        RateLimiter limiter = new RateLimiter(rate, burst, 100, clock);
        for (int i = 0; i < burst; i++) {
            limiter.tryAcquire("a");
        }

        assertThat(RateLimiter.retryAfterSeconds(limiter.tryAcquire("a"))).isEqualTo(expectedSeconds);
    }

    @Test
    void boundsMemoryByEvictingTheLeastRecentlyUsedClient() {
        RateLimiter limiter = new RateLimiter(1, 1, 3, clock);

        for (int i = 0; i < 1_000; i++) {
            limiter.tryAcquire("client-" + i);
        }

        assertThat(limiter.trackedClients()).isEqualTo(3);
    }

    @Test
    void dropsBucketsThatHaveRefilledCompletely() {
        RateLimiter limiter = new RateLimiter(1, 2, 1_000, clock);
        limiter.tryAcquire("idle-1");
        limiter.tryAcquire("idle-2");
        clock.advance(Duration.ofSeconds(5));

        limiter.tryAcquire("new-1");
        limiter.tryAcquire("new-2");

        assertThat(limiter.trackedClients()).as("the refilled buckets went on insert").isEqualTo(2);
    }

    @Test
    void aFreshBucketIsNeverEvictedOnItsOwnInsert() {
        RateLimiter limiter = new RateLimiter(1, 1, 10, clock);

        assertThat(limiter.tryAcquire("only")).isZero();
        assertThat(limiter.tryAcquire("only")).as("the first token was recorded").isPositive();
    }

    @Test
    void rejectsNonsenseSettingsNamingTheValue() {
        assertThatThrownBy(() -> new RateLimiter(0, 5, 10, clock)).hasMessageContaining("but was 0.0");
        assertThatThrownBy(() -> new RateLimiter(1, 0, 10, clock)).hasMessageContaining("burst must be at least 1, but was 0");
    }
}
