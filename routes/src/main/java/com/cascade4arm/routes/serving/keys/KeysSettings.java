package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.serving.edge.Exposure;

import java.util.Locale;

/**
 * Virtual keys and the request log as the gateway runs them. {@link #from} refuses to start an open gateway beyond
 * loopback unless that is explicitly allowed: anyone who reaches it could spend its CPUs.
 */
public record KeysSettings(boolean keysRequired, int metricsAliases, int requestLogSize, boolean requestLogContent) {
    public static final String MODE_KEY = "cascade.auth.mode";
    public static final String ALLOW_OPEN_KEY = "cascade.auth.allow-open-beyond-loopback";

    public static KeysSettings from(CascadeConfig config, Exposure exposure) {
        String mode = config.auth().mode().trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("open") && !mode.equals("keys")) {
            throw new IllegalArgumentException(MODE_KEY + " must be open or keys, but was " + config.auth().mode());
        }
        boolean keys = mode.equals("keys");
        if (!keys && exposure.exposed() && !config.auth().allowOpenBeyondLoopback()) {
            throw new IllegalArgumentException("refusing to serve without keys beyond loopback: the gateway is "
                    + exposure.describe() + " and " + MODE_KEY + "=open lets anyone who reaches it use the models. Set "
                    + MODE_KEY + "=keys (env CASCADE_AUTH_MODE) and create keys with POST /api/keys, or set "
                    + ALLOW_OPEN_KEY + "=true (env CASCADE_AUTH_ALLOW_OPEN_BEYOND_LOOPBACK) if a proxy in front "
                    + "authenticates clients");
        }
        return new KeysSettings(keys, config.auth().metricsAliases(), config.requestLog().size(),
                config.requestLog().content());
    }
}
