package com.cascade4arm.routes.bench;

import com.cascade4arm.routes.testing.TestGateways;
import com.cascade4arm.bench.responder.InstantResponder;
import com.cascade4arm.bench.responder.ResponderBehaviour;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.apache.camel.main.Main;
import org.apache.camel.spi.PropertiesComponent;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The real gateway (Camel Main + the default rulebook) booted against real instant upstreams for the small and large
 * pools and, optionally, a baseline — plus the HTTP calls the benchmark tests make.
 */
final class GatewayUnderTest implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String RULES_VERSION = "1";

    final InstantResponder small = InstantResponder.start(0);
    final InstantResponder large = InstantResponder.start(0);
    final InstantResponder baseline;
    final Path dataDir;
    private final Main main = new Main();
    private final GatewayMainListener listener;
    private final URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    GatewayUnderTest(Path dataDir, boolean withBaseline, Map<String, String> properties) throws Exception {
        this.dataDir = dataDir;
        this.baseline = withBaseline ? InstantResponder.start(0) : null;
        int port = freePort();
        listener = new GatewayMainListener() {
            @Override
            protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent props) {
                return settings;
            }

            @Override
            protected RoutingService routing(PropertiesComponent props) {
                return new RulebookRoutingService(RoutingRulebook.defaults(), Long.parseLong(RULES_VERSION));
            }
        };
        main.addMainListener(listener);
        main.addInitialProperty("camel.server.enabled", "true");
        main.addInitialProperty("camel.server.port", String.valueOf(port));
        main.addInitialProperty("cascade.small.urls", small.baseUrl());
        main.addInitialProperty("cascade.large.urls", large.baseUrl());
        main.addInitialProperty("cascade.upstream.health-interval-ms", "200");
        main.addInitialProperty("cascade.data-dir", dataDir.toString());
        TestGateways.UNLIMITED_EDGE.forEach(main::addInitialProperty);
        if (baseline != null) {
            main.addInitialProperty("cascade.baseline.url", baseline.baseUrl());
        }
        properties.forEach(main::addInitialProperty);
        main.start();
        base = URI.create("http://127.0.0.1:" + port);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> get("/health").statusCode() == 200);
    }

    Path resultsDir() {
        return dataDir.resolve(BenchSettings.DEFAULT_RESULTS_SUBDIR);
    }

    BenchLauncher bench() {
        return listener.gateway().bench();
    }

    CamelContext camel() {
        return main.getCamelContext();
    }

    /** Every upstream (pools and baseline) answers with {@code behaviour} from now on. */
    void upstreams(ResponderBehaviour behaviour) {
        small.behaviour(behaviour);
        large.behaviour(behaviour);
        if (baseline != null) {
            baseline.behaviour(behaviour);
        }
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(request(path, null).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String body, String token) throws IOException, InterruptedException {
        return http.send(request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> delete(String path, String token) throws IOException, InterruptedException {
        return http.send(request(path, token).DELETE().build(), HttpResponse.BodyHandlers.ofString());
    }

    JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    JsonNode run(String id) throws IOException, InterruptedException {
        HttpResponse<String> response = get("/api/bench/runs/" + id);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET run " + id + " answered " + response.statusCode() + ": " + response.body());
        }
        return json(response);
    }

    List<String> runIds() throws IOException, InterruptedException {
        List<String> ids = new ArrayList<>();
        json(get("/api/bench/runs")).path("data").forEach(run -> ids.add(run.path("id").asText()));
        return ids;
    }

    private HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
        return token == null ? builder : builder.header("Authorization", "Bearer " + token);
    }

    @Override
    public void close() throws Exception {
        main.stop();
        small.close();
        large.close();
        if (baseline != null) {
            baseline.close();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
