package com.cascade4arm.routes.compare;

import java.time.Clock;

/**
 * One system's rate-limit cooldown: after N consecutive 429s (across attempts and compares) the system is skipped for
 * a while instead of being hammered; any other answer ends the streak. Time comes from the injected clock.
 */
final class Cooldown {
    private final int after429s;
    private final long durationMs;
    private final Clock clock;
    private int streak;
    private long untilEpochMs;

    Cooldown(int after429s, long durationMs, Clock clock) {
        this.after429s = after429s;
        this.durationMs = durationMs;
        this.clock = clock;
    }

    /** Milliseconds of cooldown left; 0 when the system may be called. */
    synchronized long remainingMs() {
        return Math.max(0, untilEpochMs - clock.millis());
    }

    /** Counts a 429; returns true when it starts a cooldown (the streak reached the threshold). */
    synchronized boolean record429() {
        streak++;
        if (streak >= after429s) {
            streak = 0;
            untilEpochMs = clock.millis() + durationMs;
            return true;
        }
        return false;
    }

    /** Any answer other than 429 ends the streak. */
    synchronized void recordOther() {
        streak = 0;
    }

    synchronized void reset() {
        streak = 0;
        untilEpochMs = 0;
    }

    long durationMs() {
        return durationMs;
    }
}
