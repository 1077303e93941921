package com.cascade4arm.routes.testing;

import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.state.SharedState;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import org.apache.camel.spi.PropertiesComponent;

/** The gateway listeners routes tests boot: upstream URLs as the properties give them, routed by rules. */
public final class TestGateways {
    private TestGateways() {
    }

    /** Routes with the bundled rulebook as version 1. */
    public static GatewayMainListener withDefaultRules() {
        return listener(false);
    }

    /** Routes from the rule store's active version, exactly as the application starts (rules tests). */
    public static GatewayMainListener withRuleStore() {
        return listener(true);
    }

    private static GatewayMainListener listener(boolean ruleStore) {
        return new GatewayMainListener() {
            @Override
            protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent properties) {
                return settings;
            }

            @Override
            protected RoutingService routing(PropertiesComponent properties, SharedState shared) {
                return ruleStore ? shared.startRouting()
                        : new RulebookRoutingService(RoutingRulebook.defaults(), 1);
            }
        };
    }
}
