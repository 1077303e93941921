package com.cascade4arm.routes.warmup;

import com.cascade4arm.routes.config.PropertyReader;
import org.apache.camel.spi.PropertiesComponent;

/**
 * How much of the gateway's request path is run before it starts serving (cascade.warmup.*).
 *
 * @param requests chat requests through the throwaway gateway, half streamed; 0 = no warm-up
 * @param maxMs    the warm-up stops after this long whatever the count, so a slow machine still starts
 */
public record WarmupSettings(int requests, long maxMs) {
    public static final int DEFAULT_REQUESTS = 2_000;
    public static final long DEFAULT_MAX_MS = 30_000;

    public static WarmupSettings read(PropertiesComponent properties) {
        PropertyReader p = new PropertyReader(key -> properties.resolveProperty(key).orElse(null));
        return new WarmupSettings((int) p.integer("cascade.warmup.requests", DEFAULT_REQUESTS, 0, 1_000_000),
                p.integer("cascade.warmup.max-ms", DEFAULT_MAX_MS, 1, 600_000));
    }

    public boolean enabled() {
        return requests > 0;
    }
}
