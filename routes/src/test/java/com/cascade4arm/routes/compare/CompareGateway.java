package com.cascade4arm.routes.compare;

import com.cascade4arm.routes.testing.TestGateways;
import com.cascade4arm.bench.hosted.HostedApiStandIn;
import com.cascade4arm.bench.hosted.StandInConfig;
import com.cascade4arm.bench.responder.InstantResponder;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.main.Main;
import org.apache.camel.spi.PropertiesComponent;
import org.awaitility.Awaitility;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The real gateway routes on a real port (as UpstreamFaultsIT boots them) with real HTTP upstreams: instant
 * responders as small/large pools and baseline, and the hosted-API stand-in.
 */
final class CompareGateway implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String HOSTED_KEY = "sk-or-test";

    final InstantResponder small = InstantResponder.start(0);
    final InstantResponder large = InstantResponder.start(0);
    final InstantResponder baseline;
    final HostedApiStandIn hosted = HostedApiStandIn.start(0, StandInConfig.DEFAULTS.withApiKey(HOSTED_KEY));
    final URI base;
    private final Main main = new Main();
    private GatewayMainListener listener;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** {@code withBaseline}/{@code withHostedKey} false leave those systems unconfigured; {@code properties} add to the defaults. */
    CompareGateway(boolean withBaseline, boolean withHostedKey, Map<String, String> properties) throws Exception {
        baseline = withBaseline ? InstantResponder.start(0) : null;
        int port = freePort();
        listener = new GatewayMainListener() {
            @Override
            protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent props) {
                return settings;
            }

            @Override
            protected RoutingService routing(PropertiesComponent props) {
                return new RulebookRoutingService(RoutingRulebook.defaults(), 1);
            }
        };
        main.addMainListener(listener);
        main.addInitialProperty("camel.server.enabled", "true");
        main.addInitialProperty("camel.server.port", String.valueOf(port));
        main.addInitialProperty("cascade.small.urls", small.baseUrl());
        main.addInitialProperty("cascade.large.urls", large.baseUrl());
        main.addInitialProperty("cascade.upstream.health-interval-ms", "200");
        TestGateways.UNLIMITED_EDGE.forEach(main::addInitialProperty);
        if (baseline != null) {
            main.addInitialProperty("cascade.baseline.url", baseline.baseUrl());
        }
        main.addInitialProperty("cascade.compare.hosted.base-url", hosted.baseUrl());
        if (withHostedKey) {
            main.addInitialProperty("cascade.compare.hosted.api-key", HOSTED_KEY);
        }
        properties.forEach(main::addInitialProperty);
        main.start();
        base = URI.create("http://127.0.0.1:" + port);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> get("/health").statusCode() == 200);
    }

    CompareService compareService() {
        return listener.gateway().compare();
    }

    HttpResponse<String> compare(String body) throws IOException, InterruptedException {
        return http.send(request("/api/compare", body), HttpResponse.BodyHandlers.ofString());
    }

    /** POSTs to the stream endpoint; returns the status and every {@code data:} payload in order ("[DONE]" as text). */
    StreamedCompare compareStream(String body) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = http.send(request("/api/compare/stream", body),
                HttpResponse.BodyHandlers.ofInputStream());
        List<String> events = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("data: ")) {
                    events.add(line.substring(6));
                }
            }
        }
        return new StreamedCompare(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""), events);
    }

    record StreamedCompare(int status, String contentType, List<String> events) {
        /** Every event but the final [DONE], parsed: a half-written or interleaved event fails here. */
        List<JsonNode> json() throws IOException {
            List<JsonNode> parsed = new ArrayList<>();
            for (String event : events.subList(0, events.size() - 1)) {
                parsed.add(JSON.readTree(event));
            }
            return parsed;
        }
    }

    /** The responder's in-flight requests from its /metrics (the /metrics request itself counts as one). */
    static int requestsProcessing(InstantResponder responder) throws IOException, InterruptedException {
        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(responder.baseUrl() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        return metrics.body().lines().filter(l -> l.startsWith("llamacpp:requests_processing "))
                .mapToInt(l -> Integer.parseInt(l.substring(l.indexOf(' ') + 1).trim())).findFirst().orElseThrow();
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest request(String path, String body) {
        return HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    static String prompt(String prompt, int maxTokens) {
        return JSON.createObjectNode().put("prompt", prompt).put("max_tokens", maxTokens).toString();
    }

    @Override
    public void close() throws Exception {
        main.stop();
        small.close();
        large.close();
        if (baseline != null) {
            baseline.close();
        }
        hosted.close();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
