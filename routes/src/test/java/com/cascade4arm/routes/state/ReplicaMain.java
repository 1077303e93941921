package com.cascade4arm.routes.state;

import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.testing.TestGateways;
import com.cascade4arm.testing.gateway.GatewayHarness;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One gateway replica in a process of its own (a test can kill -9 it): the routes gateway with the key=value
 * properties given as arguments; prints "READY port" once healthy, then serves until killed.
 */
public final class ReplicaMain {
    private ReplicaMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            properties.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        GatewayHarness<GatewayMainListener> gateway = GatewayHarness.with(TestGateways.withRuleStore())
                .properties(properties).readyWithin(java.time.Duration.ofSeconds(120)).start();
        System.out.println("READY " + gateway.port());
        System.out.flush();
        Thread.currentThread().join(); // until the test kills the process
    }
}
