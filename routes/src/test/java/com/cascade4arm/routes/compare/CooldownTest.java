package com.cascade4arm.routes.compare;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class CooldownTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2025-03-07T00:00:00Z"));
    private final Cooldown cooldown = new Cooldown(3, 30_000, clock);

    @Test
    void coolsDownAfterTheThirdConsecutive429UntilTheDurationPassed() {
        assertThat(cooldown.record429()).isFalse();
        assertThat(cooldown.record429()).isFalse();
        assertThat(cooldown.remainingMs()).isZero();

        assertThat(cooldown.record429()).as("third 429 in a row").isTrue();
        assertThat(cooldown.remainingMs()).isEqualTo(30_000);

        clock.advance(Duration.ofSeconds(29));
        assertThat(cooldown.remainingMs()).isEqualTo(1_000);
        clock.advance(Duration.ofSeconds(1));
        assertThat(cooldown.remainingMs()).isZero();
    }

    @Test
    void anyOtherAnswerEndsTheStreak() {
        cooldown.record429();
        cooldown.record429();
        cooldown.recordOther();

        assertThat(cooldown.record429()).isFalse();
        assertThat(cooldown.remainingMs()).isZero();
    }

    @Test
    void resetEndsACooldown() {
        cooldown.record429();
        cooldown.record429();
        cooldown.record429();

        cooldown.reset();

        assertThat(cooldown.remainingMs()).isZero();
    }
}
