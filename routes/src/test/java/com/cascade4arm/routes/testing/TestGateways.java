package com.cascade4arm.routes.testing;

import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import org.apache.camel.spi.PropertiesComponent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

/** What every routes integration test needs to boot a real gateway against upstreams it started itself. */
public final class TestGateways {
    /** Lifts the per-client edge limits: a test is one client firing many requests from 127.0.0.1. */
    public static final Map<String, String> UNLIMITED_EDGE = Map.of(
            "cascade.edge.rate-limit.requests-per-second", "100000",
            "cascade.edge.rate-limit.burst", "100000",
            "cascade.edge.rate-limit.reads-per-second", "100000",
            "cascade.edge.rate-limit.reads-burst", "100000",
            "cascade.edge.max-concurrent-per-client", "1000");

    private TestGateways() {
    }

    /** A gateway listener that takes the pool URLs from properties as given and routes with the default rulebook. */
    public static GatewayMainListener withDefaultRules() {
        return new GatewayMainListener() {
            @Override
            protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent properties) {
                return settings;
            }

            @Override
            protected RoutingService routing(PropertiesComponent properties) {
                return new RulebookRoutingService(RoutingRulebook.defaults(), 1);
            }
        };
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
