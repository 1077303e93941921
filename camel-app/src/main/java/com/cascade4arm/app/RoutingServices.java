package com.cascade4arm.app;

import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import org.apache.camel.spi.PropertiesComponent;

/** Builds the routing service the gateway starts with: the bundled default rulebook as version 1. */
final class RoutingServices {
    /** The bundled rulebook's version number. */
    static final long BUNDLED_VERSION = 1;

    private RoutingServices() {
    }

    static RoutingService create(PropertiesComponent properties) {
        return new RulebookRoutingService(RoutingRulebook.defaults(), BUNDLED_VERSION);
    }
}
