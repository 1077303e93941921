package com.cascade4arm.app;

import org.apache.camel.main.Main;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * The real gateway, booted in-process once per test JVM on a free loopback port with the embedded demo hosts,
 * shared by the integration tests (loading three models once keeps the suite fast).
 */
public final class TestGateway {
    /** Admin token of the shared gateway, for tests of rule edits and benchmark triggers. */
    public static final String ADMIN_TOKEN = "test-admin-token";
    private static TestGateway shared;

    private final Main main;
    private final URI baseUrl;

    private TestGateway(Main main, URI baseUrl) {
        this.main = main;
        this.baseUrl = baseUrl;
    }

    /** The shared gateway, started on first use and ready (healthy) when returned. */
    public static synchronized TestGateway start() {
        if (shared == null) {
            shared = boot(Map.of("cascade.admin.token", ADMIN_TOKEN), true);
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stopQuietly));
        }
        return shared;
    }

    /** A separate gateway with extra properties (e.g. other upstream URLs); the caller closes it. */
    public static TestGateway boot(Map<String, String> properties) {
        return boot(properties, false);
    }

    /** Boots a gateway with {@code properties}; with {@code awaitHealthy} returns only once /health says ok. */
    public static TestGateway boot(Map<String, String> properties, boolean awaitHealthy) {
        int port = freePort();
        Main main = new Main(CascadeApp.class);
        main.addMainListener(new GatewayBootstrap());
        main.addOverrideProperty("camel.server.port", String.valueOf(port));
        main.addOverrideProperty("camel.server.host", "127.0.0.1");
        // All test traffic comes from 127.0.0.1: lift the per-client limits (the edge tests cover them).
        main.addOverrideProperty("cascade.edge.rate-limit.requests-per-second", "100000");
        main.addOverrideProperty("cascade.edge.rate-limit.burst", "100000");
        main.addOverrideProperty("cascade.edge.rate-limit.reads-per-second", "100000");
        main.addOverrideProperty("cascade.edge.rate-limit.reads-burst", "100000");
        main.addOverrideProperty("cascade.edge.max-concurrent-per-client", "1000");
        main.addOverrideProperty("cascade.data-dir", tempDir().toString()); // never the developer's real state
        main.addOverrideProperty("cascade.metrics.cache-ms", "0"); // tests read counters right after acting
        properties.forEach(main::addOverrideProperty);
        TestGateway gateway = new TestGateway(main, URI.create("http://127.0.0.1:" + port));
        try {
            main.start();
            if (awaitHealthy) {
                Awaitility.await("gateway healthy").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(250))
                        .until(() -> gateway.status("/health") == 200);
            }
        } catch (Exception | AssertionError e) {
            gateway.stopQuietly(); // a failed boot must not leave a half-started gateway behind
            throw new IllegalStateException("gateway failed to start", e);
        }
        return gateway;
    }

    public URI baseUrl() {
        return baseUrl;
    }

    public Main main() {
        return main;
    }

    /** HTTP status of a GET, or -1 when the socket is not answering yet. */
    public int status(String path) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(baseUrl.resolve(path)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    public void close() {
        if (this != shared) {
            stopQuietly();
        }
    }

    private void stopQuietly() {
        try {
            main.stop();
        } catch (Exception ignored) {
            // best effort at JVM exit
        }
    }

    private static java.nio.file.Path tempDir() {
        try {
            return java.nio.file.Files.createTempDirectory("cascade-it-");
        } catch (IOException e) {
            throw new IllegalStateException("no temp dir", e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }
}
