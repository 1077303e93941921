package com.cascade4arm.routes.serving.metrics;

import com.cascade4arm.routes.RouteIds;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.camel.component.micrometer.routepolicy.MicrometerRoutePolicyConfiguration;
import org.apache.camel.component.micrometer.routepolicy.MicrometerRoutePolicyFactory;
import org.apache.camel.spi.RoutePolicyFactory;

/**
 * Camel's per-route timers and exchange counters (camel-micrometer's route policy) for every route but the chat
 * request's inner steps: {@value #UNTIMED} run inside {@code chat-completions}, whose timer already spans them, and
 * each route's policy formats its meter names and looks its timer up on every exchange (a chat request paid that three
 * times: 12 % of the bytes it allocated, bench/README "The throughput tail was the load side reconnecting").
 */
public final class RouteTimers {
    /** Route ids (comma-separated, camel-micrometer's exclude pattern) left without a timer of their own. */
    public static final String UNTIMED = RouteIds.SELECT_ENDPOINT + "," + RouteIds.CALL_TIER;

    private RouteTimers() {
    }

    /** Per route only, no context-wide set: that repeated every route's meters on each exchange. */
    public static RoutePolicyFactory factory(MeterRegistry meters) {
        MicrometerRoutePolicyConfiguration configuration = new MicrometerRoutePolicyConfiguration();
        configuration.setContextEnabled(false);
        configuration.setRouteEnabled(true);
        configuration.setExcludePattern(UNTIMED);
        MicrometerRoutePolicyFactory factory = new MicrometerRoutePolicyFactory();
        factory.setMeterRegistry(meters);
        factory.setPolicyConfiguration(configuration);
        return factory;
    }
}
