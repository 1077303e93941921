package com.cascade4arm.routes.serving.keys;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Tokens/min counts a prompt from its admission and settles it with the answer's tokens. */
class KeyRateWindowsTest {
    private static final long MINUTE = 60_000 * 29_000_000L; // a minute's start, far from the epoch
    private final KeyRateWindows windows = new KeyRateWindows();

    private static ApiKey key(int rpm, long tpm) {
        return new ApiKey("k1", "abcd1234", "team", null, List.of(), true, false, rpm, tpm, null, null, null, Map.of(),
                Instant.EPOCH, null, "salt", "hash");
    }

    @Test
    void theOtherReplicasCountsOfTheMinuteCountAgainstTheLimitAndThisReplicasAreWhatItPublishes() {
        // Another replica admitted 7 requests and 300 tokens of this minute (its last published counts).
        KeyRateWindows shared = new KeyRateWindows((keyId, minute) -> minute == MINUTE
                ? new MinuteCount(keyId, minute, 7, 300) : MinuteCount.none(keyId, minute));
        ApiKey key = key(10, 0);
        int admitted = 0;
        for (int i = 0; i < 10; i++) {
            if (shared.admit(key, 0, MINUTE + 1_000) == 0) {
                admitted++;
            }
        }
        assertThat(admitted).as("10 per minute, 7 of them on the other replica").isEqualTo(3);
        assertThat(shared.current(MINUTE + 2_000)).containsExactly(new MinuteCount("k1", MINUTE, 3, 0));
        assertThat(shared.admit(key, 0, MINUTE + 60_000)).as("a new minute: the others' counts were of the last")
                .isZero();
        assertThat(shared.admit(key(0, 500), 250, MINUTE + 1_500)).as("300 tokens elsewhere + 250 > 500").isPositive();
    }

    @Test
    void concurrentPromptsAreAdmittedOnlyWhileTheirEstimatesFitUnderTheLimit() {
        ApiKey key = key(0, 500);
        int admitted = 0;
        for (int i = 0; i < 16; i++) { // 16 requests in flight at once: none answered yet
            if (windows.admit(key, 104, MINUTE + 1_000) == 0) {
                admitted++;
            }
        }
        assertThat(admitted).as("4 × 104 = 416 fit under 500, a fifth would not").isEqualTo(4);
    }

    @Test
    void settlingReplacesTheEstimateWithTheTokensUsedAndAnUnansweredRequestGivesItBack() {
        ApiKey key = key(0, 300);
        assertThat(windows.admit(key, 100, MINUTE)).isZero();
        assertThat(windows.admit(key, 100, MINUTE)).isZero();
        assertThat(windows.admit(key, 150, MINUTE)).as("200 reserved + 150 > 300").isPositive();

        windows.settle(key.id(), MINUTE, 100, 0, 0, MINUTE + 10); // the first ended without an answer
        windows.settle(key.id(), MINUTE, 100, 40, 10, MINUTE + 20); // the second used 50
        assertThat(windows.admit(key, 150, MINUTE + 30)).as("50 used + 150 ≤ 300").isZero();
        assertThat(windows.admit(key, 101, MINUTE + 40)).as("200 + 101 > 300").isPositive();
    }

    @Test
    void aRequestEndingInTheNextMinuteCountsItsCompletionThere() {
        ApiKey key = key(0, 100);
        assertThat(windows.admit(key, 90, MINUTE + 59_000)).isZero();
        windows.settle(key.id(), MINUTE, 90, 90, 60, MINUTE + 61_000);
        assertThat(windows.admit(key, 41, MINUTE + 62_000)).as("60 + 41 > 100").isPositive();
        assertThat(windows.admit(key, 40, MINUTE + 62_000)).isZero();
    }

    @Test
    void aPromptLargerThanTheWholeLimitPassesAloneInAnEmptyMinuteAndRefusalsSayWhenItEnds() {
        ApiKey key = key(0, 100);
        assertThat(windows.admit(key, 500, MINUTE + 15_000)).isZero();
        assertThat(windows.admit(key, 1, MINUTE + 15_000)).as("seconds to the minute's end").isEqualTo(45);
    }

    @Test
    void requestsPerMinuteCountEveryAdmission() {
        ApiKey key = key(2, 0);
        assertThat(windows.admit(key, 0, MINUTE)).isZero();
        assertThat(windows.admit(key, 0, MINUTE)).isZero();
        assertThat(windows.admit(key, 0, MINUTE)).isPositive();
        assertThat(windows.admit(key, 0, MINUTE + 60_000)).as("a new minute").isZero();
    }
}
