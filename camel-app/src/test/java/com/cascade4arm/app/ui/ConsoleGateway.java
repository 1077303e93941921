package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;

import java.net.URI;

/**
 * Where the browser tests find the console: -Dcascade.it.baseUrl=http://host:port when pointed at a running gateway,
 * otherwise the shared in-process gateway the other integration tests use.
 */
final class ConsoleGateway {
    static final String BASE_URL_PROPERTY = "cascade.it.baseUrl";

    private ConsoleGateway() {
    }

    static URI baseUrl() {
        String configured = System.getProperty(BASE_URL_PROPERTY, "").trim();
        if (!configured.isEmpty()) {
            return URI.create(configured.endsWith("/") ? configured : configured + "/");
        }
        URI started = TestGateway.start().baseUrl();
        return URI.create(started + "/");
    }
}
