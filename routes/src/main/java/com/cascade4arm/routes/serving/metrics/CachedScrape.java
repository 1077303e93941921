package com.cascade4arm.routes.serving.metrics;

import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A Prometheus scrape served again for a short while: rendering every meter costs milliseconds of CPU, and /metrics is
 * public, so a flood of scrapes costs one rendering per period instead of one per request. One rendering at a time;
 * scrapers arriving meanwhile wait for it and share it. A period of 0 renders every time.
 */
public final class CachedScrape {
    private final Supplier<String> scrape;
    private final long periodNanos;
    private final LongSupplier clock;
    private String text;
    private long renderedAt;

    public CachedScrape(Supplier<String> scrape, long periodMs, LongSupplier nanoClock) {
        this.scrape = scrape;
        this.periodNanos = periodMs * 1_000_000;
        this.clock = nanoClock;
    }

    public synchronized String get() {
        long now = clock.getAsLong();
        if (text == null || periodNanos == 0 || now - renderedAt >= periodNanos) {
            text = scrape.get();
            renderedAt = now;
        }
        return text;
    }
}
