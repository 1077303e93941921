package com.cascade4arm.routes.tracing;

import com.cascade4arm.routes.config.PropertyReader;

import java.net.URI;
import java.util.function.Function;

/**
 * Where traces go (keys {@code cascade.tracing.*}, documented in application.properties).
 *
 * @param otlpEndpoint  OTLP/HTTP base URL of a collector (e.g. http://collector:4318); null = spans are not exported
 * @param exportDelayMs how often batched spans are sent
 */
public record TracingSettings(String otlpEndpoint, long exportDelayMs) {
    public static final long DEFAULT_EXPORT_DELAY_MS = 5_000;

    public static TracingSettings read(Function<String, String> property) {
        PropertyReader reader = new PropertyReader(property);
        String endpoint = reader.text("cascade.tracing.otlp-endpoint");
        if (endpoint != null) {
            URI uri = URI.create(endpoint);
            if (uri.getScheme() == null || !uri.getScheme().startsWith("http") || uri.getHost() == null) {
                throw new IllegalArgumentException("cascade.tracing.otlp-endpoint must be an http(s) URL, but was " + endpoint);
            }
        }
        return new TracingSettings(endpoint,
                reader.integer("cascade.tracing.export-delay-ms", DEFAULT_EXPORT_DELAY_MS, 10, 600_000));
    }
}
