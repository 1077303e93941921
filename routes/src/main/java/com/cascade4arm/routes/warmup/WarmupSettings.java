package com.cascade4arm.routes.warmup;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import org.apache.camel.spi.PropertiesComponent;

/**
 * How much of the gateway's request path is run before it starts serving (cascade.warmup.*).
 *
 * @param requests chat requests through the throwaway gateway, half streamed; 0 = no warm-up
 * @param maxMs    the warm-up stops after this long whatever the count, so a slow machine still starts
 */
public record WarmupSettings(int requests, long maxMs) {
    public static WarmupSettings read(PropertiesComponent properties) {
        return from(ConfigBinding.bind(properties).cascade());
    }

    public static WarmupSettings from(CascadeConfig config) {
        return new WarmupSettings(config.warmup().requests(), config.warmup().maxMs());
    }

    public boolean enabled() {
        return requests > 0;
    }
}
