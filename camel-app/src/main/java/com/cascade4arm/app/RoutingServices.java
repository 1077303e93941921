package com.cascade4arm.app;

import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.rulesadmin.RulebookStartup;
import com.cascade4arm.routes.rulesadmin.RulesSettings;
import org.apache.camel.spi.PropertiesComponent;

/**
 * Builds the routing service the gateway starts with: the rule store's active version (the bundled rulebook is version
 * 1, written on first start into {@code cascade.rules.dir}, default {@code <cascade.data-dir>/rules}).
 */
final class RoutingServices {
    private RoutingServices() {
    }

    static RoutingService create(PropertiesComponent properties) {
        return RulebookStartup.start(RulesSettings.from(properties));
    }
}
