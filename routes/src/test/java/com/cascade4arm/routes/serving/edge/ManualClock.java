package com.cascade4arm.routes.serving.edge;

import java.time.Duration;

/** A nanosecond clock tests move by hand (resilience4j's mockClock style). */
final class ManualClock implements NanoClock {
    private long now = 1_000_000_000L;

    void advance(Duration duration) {
        now += duration.toNanos();
    }

    @Override
    public long nanoTime() {
        return now;
    }
}
