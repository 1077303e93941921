package com.cascade4arm.routes.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** The wait before a retry, with a fixed clock and fixed "random" values. */
class BackoffPolicyTest {
    private static final Instant NOW = Instant.parse("2025-03-07T00:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final long INITIAL_MS = 500;
    private static final long CAP_MS = 10_000;
    private static final double JITTER = 0.2;

    private static BackoffPolicy policy(double random) {
        return new BackoffPolicy(INITIAL_MS, CAP_MS, JITTER, CLOCK, () -> random);
    }

    @Test
    void honoursRetryAfterSecondsAndOnlyAddsJitterUpwards() {
        BackoffPolicy.Wait lowest = policy(0).next(1, new RetryHints("1", null));
        BackoffPolicy.Wait highest = policy(0.999).next(1, new RetryHints("1", null));

        assertThat(lowest.millis()).as("never shorter than asked").isEqualTo(1_000);
        assertThat(highest.millis()).as("at most jitter x initial on top").isEqualTo(1_000 + Math.round(0.999 * JITTER * INITIAL_MS));
        assertThat(lowest.basis()).isEqualTo("Retry-After: 1");
        assertThat(lowest.overCap()).isFalse();
    }

    @Test
    void honoursRetryAfterAsAnHttpDate() {
        BackoffPolicy.Wait wait = policy(0).next(1, new RetryHints("Fri, 07 Mar 2025 00:00:03 GMT", null));

        assertThat(wait.millis()).isEqualTo(3_000);
        assertThat(wait.basis()).startsWith("Retry-After: Fri");
    }

    @Test
    void readsAnHttpDateInThePastAsRetryNow() {
        assertThat(policy(0).next(1, new RetryHints("Thu, 06 Mar 2025 23:59:00 GMT", null)).millis()).isZero();
    }

    @ParameterizedTest(name = "X-RateLimit-Reset {0} -> {1} ms")
    @CsvSource({
            "1741305602000, 2000",   // epoch milliseconds (OpenRouter)
            "1741305605, 5000",      // epoch seconds
            "7, 7000",               // small numbers: seconds from now
            "1741305500000, 0"       // a reset in the past: retry now
    })
    void readsXRateLimitResetAsEpochMillisEpochSecondsOrDelaySeconds(String reset, long expectedMs) {
        BackoffPolicy.Wait wait = policy(0).next(1, new RetryHints(null, reset));

        assertThat(wait.millis()).isEqualTo(expectedMs);
        assertThat(wait.basis()).isEqualTo("X-RateLimit-Reset: " + reset);
    }

    @Test
    void prefersRetryAfterOverXRateLimitReset() {
        assertThat(policy(0).next(1, new RetryHints("2", "1741305609000")).millis()).isEqualTo(2_000);
    }

    @Test
    void ignoresUnparseableHintsAndBacksOffExponentially() {
        BackoffPolicy.Wait wait = policy(0.5).next(1, new RetryHints("soon", "later"));

        assertThat(wait.millis()).isEqualTo(INITIAL_MS);
        assertThat(wait.basis()).isEqualTo("exponential backoff");
    }

    @ParameterizedTest(name = "retry {0}: {1} ms ±20 %")
    @CsvSource({"1, 500", "2, 1000", "3, 2000", "4, 4000", "5, 8000", "6, 10000", "9, 10000"})
    void doublesTheBackoffPerRetryWithinTheJitterBoundsAndTheCap(int retry, long base) {
        long lowest = policy(0).next(retry, RetryHints.NONE).millis();
        long middle = policy(0.5).next(retry, RetryHints.NONE).millis();
        long highest = policy(0.999_999).next(retry, RetryHints.NONE).millis();

        assertThat(middle).isEqualTo(base);
        assertThat(lowest).isEqualTo(Math.round(base * (1 - JITTER)));
        assertThat(highest).as("upper jitter bound, never above the cap")
                .isEqualTo(Math.min(CAP_MS, Math.round(base * (1 + JITTER * 0.999_998))));
    }

    @Test
    void reportsAServerAskingForMoreThanTheCapInsteadOfWaiting() {
        BackoffPolicy.Wait wait = policy(0).next(1, new RetryHints("120", null));

        assertThat(wait.overCap()).isTrue();
        assertThat(wait.millis()).as("what was asked, for the message").isEqualTo(120_000);
        assertThat(wait.basis()).isEqualTo("Retry-After: 120");
    }

    @Test
    void keepsAHintJustBelowTheCapWithinTheCap() {
        BackoffPolicy.Wait wait = policy(0.999).next(1, new RetryHints("9.99", null));

        assertThat(wait.overCap()).isFalse();
        assertThat(wait.millis()).isBetween(9_990L, CAP_MS);
    }
}
