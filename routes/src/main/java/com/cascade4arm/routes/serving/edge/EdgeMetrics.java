package com.cascade4arm.routes.serving.edge;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.function.Supplier;

/** What the edge turned away and what it holds, for /metrics ({@code cascade_edge_*}). */
final class EdgeMetrics {
    private final MeterRegistry registry;

    EdgeMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** One request or connection refused or cut, by reason (rate_limited, client_concurrency, overloaded, ...). */
    void rejected(String reason) {
        Counter.builder("cascade.edge.rejections").description("Requests and connections the edge refused or closed")
                .tags("reason", reason).register(registry).increment();
    }

    void gauge(String name, String description, Supplier<Number> value) {
        Gauge.builder(name, value).description(description).register(registry);
    }
}
