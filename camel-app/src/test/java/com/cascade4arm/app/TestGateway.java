package com.cascade4arm.app;

import com.cascade4arm.testing.gateway.GatewayHarness;
import org.apache.camel.main.Main;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * The application's gateway (its own bootstrap, embedded demo hosts unless URLs are given) booted through the
 * test-support harness; one shared instance per test JVM (loading three models once keeps the suite fast).
 */
public final class TestGateway implements AutoCloseable {
    /** Admin token of the shared gateway, for tests of rule edits and benchmark triggers. */
    public static final String ADMIN_TOKEN = "test-admin-token";
    /** Loading the three embedded demo models on a busy 2-core machine. */
    private static final Duration EMBEDDED_READY_WITHIN = Duration.ofMinutes(3);
    private static TestGateway shared;

    private final GatewayHarness<GatewayBootstrap> harness;

    private TestGateway(GatewayHarness<GatewayBootstrap> harness) {
        this.harness = harness;
    }

    /** The shared gateway, started on first use and ready (healthy) when returned. */
    public static synchronized TestGateway start() {
        if (shared == null) {
            shared = boot(Map.of("cascade.admin.token", ADMIN_TOKEN), true);
            Runtime.getRuntime().addShutdownHook(new Thread(shared.harness::close));
        }
        return shared;
    }

    /** A separate gateway with extra properties (e.g. other upstream URLs); the caller closes it. */
    public static TestGateway boot(Map<String, String> properties) {
        return boot(properties, false);
    }

    /** Boots a gateway with {@code properties}; with {@code awaitHealthy} returns only once /health says ok. */
    public static TestGateway boot(Map<String, String> properties, boolean awaitHealthy) {
        return new TestGateway(GatewayHarness.with(new GatewayBootstrap(), CascadeApp.class).properties(properties)
                .readyWithin(awaitHealthy ? EMBEDDED_READY_WITHIN : null).start());
    }

    public URI baseUrl() {
        return harness.baseUrl();
    }

    public Main main() {
        return harness.main();
    }

    /** HTTP status of a GET, or -1 when the socket is not answering yet. */
    public int status(String path) {
        return harness.status(path);
    }

    @Override
    public void close() {
        if (this != shared) {
            harness.close();
        }
    }
}
