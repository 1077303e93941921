package com.cascade4arm.routes.config;

import java.util.Map;
import java.util.function.Function;

/** Tests build the bound configuration from a few properties, the way the gateway binds Camel's (ConfigBinding). */
public final class TestConfig {
    private TestConfig() {
    }

    /** The {@code cascade.*} keys bound from {@code properties}; every other key takes its default. */
    public static CascadeConfig of(Map<String, String> properties) {
        return ConfigBinding.bind(properties::get).cascade();
    }

    public static CascadeConfig of(Function<String, String> properties) {
        return ConfigBinding.bind(properties).cascade();
    }

    /** The whole binding (tiers and bind address included). */
    public static Configuration bind(Map<String, String> properties) {
        return ConfigBinding.bind(properties::get);
    }

    public static Configuration bind(Function<String, String> properties) {
        return ConfigBinding.bind(properties);
    }
}
