package com.cascade4arm.routes.config;

import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;

import java.util.Optional;

/**
 * The embedded demo hosts' keys {@code cascade.embedded.*} (read by camel-app, which starts them only when no upstream
 * URL is configured); part of {@link CascadeConfig} so their defaults are tied to application.properties too.
 */
public interface EmbeddedConfig {
    Optional<String> modelsDir();

    @WithDefault("4") int slots();

    @WithDefault("auto") String engine();

    Optional<String> llamaServer();

    @WithDefault("auto") String cascadeCpus();

    @WithDefault("auto") String baselineCpus();

    Optional<Integer> threads();

    @WithDefault("true") @WithConverter(StrictBoolean.class) boolean hostProcesses();

    @WithDefault("4") int warmupRequests();
}
