package com.cascade4arm.routes.operator.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** The wait before a retry: server hints on a fixed clock (exact), the backoff within Resilience4j's jitter bounds. */
class RetryWaitsTest {
    private static final Instant NOW = Instant.parse("2025-03-07T00:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final long INITIAL_MS = 500;
    private static final long CAP_MS = 10_000;
    private static final double JITTER = 0.2;

    private static RetryWaits policy(double random) {
        return new RetryWaits(INITIAL_MS, CAP_MS, JITTER, CLOCK, () -> random);
    }

    @Test
    void honoursRetryAfterSecondsAndOnlyAddsJitterUpwards() {
        RetryWaits.Wait lowest = policy(0).next(1, new RetryHint("1", null));
        RetryWaits.Wait highest = policy(0.999).next(1, new RetryHint("1", null));

        assertThat(lowest.millis()).as("never shorter than asked").isEqualTo(1_000);
        assertThat(highest.millis()).as("at most jitter x initial on top").isEqualTo(1_000 + Math.round(0.999 * JITTER * INITIAL_MS));
        assertThat(lowest.basis()).isEqualTo("Retry-After: 1");
        assertThat(lowest.overCap()).isFalse();
    }

    @Test
    void honoursRetryAfterAsAnHttpDate() {
        RetryWaits.Wait wait = policy(0).next(1, new RetryHint("Fri, 07 Mar 2025 00:00:03 GMT", null));

        assertThat(wait.millis()).isEqualTo(3_000);
        assertThat(wait.basis()).startsWith("Retry-After: Fri");
    }

    @Test
    void readsAnHttpDateInThePastAsRetryNow() {
        assertThat(policy(0).next(1, new RetryHint("Thu, 06 Mar 2025 23:59:00 GMT", null)).millis()).isZero();
    }

    @ParameterizedTest(name = "X-RateLimit-Reset {0} -> {1} ms")
    @CsvSource({
            "1741305602000, 2000",   // epoch milliseconds (OpenRouter)
            "1741305605, 5000",      // epoch seconds
            "7, 7000",               // small numbers: seconds from now
            "1741305500000, 0"       // a reset in the past: retry now
    })
    void readsXRateLimitResetAsEpochMillisEpochSecondsOrDelaySeconds(String reset, long expectedMs) {
        RetryWaits.Wait wait = policy(0).next(1, new RetryHint(null, reset));

        assertThat(wait.millis()).isEqualTo(expectedMs);
        assertThat(wait.basis()).isEqualTo("X-RateLimit-Reset: " + reset);
    }

    @Test
    void prefersRetryAfterOverXRateLimitReset() {
        assertThat(policy(0).next(1, new RetryHint("2", "1741305609000")).millis()).isEqualTo(2_000);
    }

    @Test
    void ignoresUnparseableHintsAndBacksOffExponentially() {
        RetryWaits.Wait wait = policy(0.5).next(1, new RetryHint("soon", "later"));

        assertThat(wait.millis()).isBetween(Math.round(INITIAL_MS * (1 - JITTER)), Math.round(INITIAL_MS * (1 + JITTER)));
        assertThat(wait.basis()).isEqualTo("exponential backoff");
    }

    @ParameterizedTest(name = "retry {0}: {1} ms ±20 %")
    @CsvSource({"1, 500", "2, 1000", "3, 2000", "4, 4000", "5, 8000", "6, 10000", "9, 10000"})
    void doublesTheBackoffPerRetryWithinTheJitterBoundsAndTheCap(int retry, long base) {
        for (int sample = 0; sample < 50; sample++) {
            long wait = policy(0.5).next(retry, RetryHint.NONE).millis();

            assertThat(wait).as("retry %d, sample %d", retry, sample)
                    .isBetween(Math.round(base * (1 - JITTER)), Math.min(CAP_MS, Math.round(base * (1 + JITTER))));
        }
    }

    @Test
    void reportsAServerAskingForMoreThanTheCapInsteadOfWaiting() {
        RetryWaits.Wait wait = policy(0).next(1, new RetryHint("120", null));

        assertThat(wait.overCap()).isTrue();
        assertThat(wait.millis()).as("what was asked, for the message").isEqualTo(120_000);
        assertThat(wait.basis()).isEqualTo("Retry-After: 120");
    }

    @Test
    void keepsAHintJustBelowTheCapWithinTheCap() {
        RetryWaits.Wait wait = policy(0.999).next(1, new RetryHint("9.99", null));

        assertThat(wait.overCap()).isFalse();
        assertThat(wait.millis()).isBetween(9_990L, CAP_MS);
    }
}
