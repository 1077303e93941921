package com.cascade4arm.routes.serving.tracing;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.Urls;

import java.net.URI;

/**
 * Where traces go (keys {@code cascade.tracing.*}, bound in {@link CascadeConfig.Tracing}).
 *
 * @param otlpEndpoint  OTLP/HTTP base URL of a collector (e.g. http://collector:4318); null = spans are not exported
 * @param exportDelayMs how often batched spans are sent
 */
public record TracingSettings(String otlpEndpoint, long exportDelayMs) {
    /** From the bound cascade.tracing.* keys. */
    public static TracingSettings from(CascadeConfig config) {
        String endpoint = config.tracing().otlpEndpoint().orElse(null);
        if (endpoint != null && !Urls.isHttp(URI.create(endpoint))) {
            throw new IllegalArgumentException("cascade.tracing.otlp-endpoint must be an http(s) URL, but was " + endpoint);
        }
        return new TracingSettings(endpoint, config.tracing().exportDelayMs());
    }
}
