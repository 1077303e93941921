package com.cascade4arm.routes.rulesadmin;

import com.cascade4arm.routes.testing.TestGateways;
import com.cascade4arm.bench.responder.InstantResponder;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.routing.RoutingService;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.main.Main;
import org.apache.camel.spi.PropertiesComponent;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The real gateway (Camel Main, routing started from the rule store exactly as the application does) on a free port,
 * with instant upstreams for both pools and its state in a test directory — plus the HTTP calls the rules tests make.
 */
final class RulesGateway implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    private final InstantResponder small = InstantResponder.start(0);
    private final InstantResponder large = InstantResponder.start(0);
    private final Main main = new Main();
    private final URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    /** @param adminToken null = admin operations disabled */
    RulesGateway(Path dataDir, String adminToken) throws Exception {
        int port = freePort();
        main.addMainListener(new GatewayMainListener() {
            @Override
            protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent props) {
                return settings;
            }

            @Override
            protected RoutingService routing(PropertiesComponent props) {
                return RulebookStartup.start(RulesSettings.from(props));
            }
        });
        main.addInitialProperty("camel.server.enabled", "true");
        main.addInitialProperty("camel.server.port", String.valueOf(port));
        main.addInitialProperty("cascade.small.urls", small.baseUrl());
        main.addInitialProperty("cascade.large.urls", large.baseUrl());
        main.addInitialProperty("cascade.upstream.health-interval-ms", "200");
        main.addInitialProperty("cascade.data-dir", dataDir.toString()); // never the developer's real state
        TestGateways.UNLIMITED_EDGE.forEach(main::addInitialProperty);
        if (adminToken != null) {
            main.addInitialProperty("cascade.admin.token", adminToken);
        }
        main.start();
        base = URI.create("http://127.0.0.1:" + port);
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> get("/health").statusCode() == 200);
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(request(path, null).GET());
    }

    HttpResponse<String> post(String path, String body, String token) throws IOException, InterruptedException {
        return send(request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    HttpResponse<String> put(String path, String body, String token) throws IOException, InterruptedException {
        return send(request(path, token).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A non-streaming chat completion; returns the answer's JSON (with its "cascade" object). */
    HttpResponse<String> chat(String prompt) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("max_tokens", 8);
        body.putArray("messages").addObject().put("role", "user").put("content", prompt);
        return post("/v1/chat/completions", body.toString(), null);
    }

    /** GET /api/rules as JSON. */
    JsonNode rules() throws IOException, InterruptedException {
        return json(get("/api/rules"));
    }

    static JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON (HTTP " + response.statusCode() + "): " + response.body(), e);
        }
    }

    /** A candidate body {"files": [...], ...}. */
    static String candidate(Map<String, String> files, Long baseVersion) {
        ObjectNode body = JSON.createObjectNode();
        files.forEach((name, content) -> body.withArray("files").addObject().put("name", name).put("content", content));
        if (baseVersion != null) {
            body.put("base_version", baseVersion);
        }
        body.put("author", "tester");
        body.put("comment", "test edit");
        return body.toString();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
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
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
