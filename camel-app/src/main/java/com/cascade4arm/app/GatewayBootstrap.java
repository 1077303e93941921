package com.cascade4arm.app;

import com.cascade4arm.host.demo.DemoModels;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.cluster.SharedState;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.routing.RoutingService;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpRouter;
import org.apache.camel.spi.PropertiesComponent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The application's gateway wiring: embedded demo hosts when no upstream URL is configured, and the web console. */
final class GatewayBootstrap extends GatewayMainListener {
    private static final int DEFAULT_EMBEDDED_SLOTS = 4;

    private EmbeddedHosts embedded;

    @Override
    protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent properties) {
        if (settings.hasUpstreams()) {
            return settings;
        }
        embedded = EmbeddedHosts.start(modelsDir(properties), intProperty(properties, "cascade.embedded.slots", DEFAULT_EMBEDDED_SLOTS),
                intProperty(properties, "cascade.embedded.threads", Runtime.getRuntime().availableProcessors()));
        return settings.withTierUrls(Map.of("small", List.of(embedded.small()), "large", List.of(embedded.large())))
                .withBaseline(embedded.baseline());
    }

    @Override
    protected RoutingService routing(PropertiesComponent properties, SharedState shared) {
        // The store's active version: version 1 is the bundled rulebook, written on first start.
        return shared.startRouting();
    }

    @Override
    protected void mountExtras(VertxPlatformHttpRouter router, PrometheusMeterRegistry meters) {
        WebConsole.mount(router);
    }

    @Override
    protected void releaseUpstreams() {
        if (embedded != null) {
            embedded.close();
        }
    }

    private static Path modelsDir(PropertiesComponent properties) {
        return properties.resolveProperty("cascade.embedded.models-dir").filter(s -> !s.isBlank()).map(Path::of)
                .orElseGet(DemoModels::defaultCacheDir);
    }

    private static int intProperty(PropertiesComponent properties, String key, int fallback) {
        String value = properties.resolveProperty(key).map(String::trim).orElse("");
        try {
            return value.isEmpty() ? fallback : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, but was " + value);
        }
    }
}
