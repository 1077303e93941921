package com.cascade4arm.routes.testing;

import com.cascade4arm.routes.Gateway;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.operator.bench.BenchLauncher;
import com.cascade4arm.routes.operator.compare.CompareService;
import com.cascade4arm.routes.serving.edge.Edge;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.standins.hosted.HostedApiStandIn;
import com.cascade4arm.standins.hosted.StandInConfig;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The real gateway routes (Camel Main through the test-support harness) against real HTTP upstreams the test owns:
 * instant responders for the small and large pools and, when asked, the baseline and the hosted-API stand-in — plus
 * the calls routes tests make. One fixture for every routes integration test.
 */
public final class RoutesGateway implements AutoCloseable {
    public static final ObjectMapper JSON = HttpTestClient.JSON;
    public static final String HOSTED_KEY = "sk-or-test";

    public final InstantResponder small;
    public final InstantResponder large;
    public final InstantResponder baseline;
    public final HostedApiStandIn hosted;
    private final GatewayHarness<GatewayMainListener> harness;

    private RoutesGateway(Builder builder) {
        boolean ownPools = builder.smallUrl == null;
        small = ownPools ? InstantResponder.start(0) : null;
        large = ownPools ? InstantResponder.start(0) : null;
        baseline = builder.baseline ? InstantResponder.start(0) : null;
        hosted = builder.hosted ? HostedApiStandIn.start(0, StandInConfig.DEFAULTS.withApiKey(HOSTED_KEY)) : null;
        Map<String, String> properties = new LinkedHashMap<>();
        if (!builder.shipped) {
            // The stand-ins are up before the gateway: see them healthy within 0.2 s of the start, not 2 s.
            properties.put("cascade.upstream.health-interval-ms", "200");
        }
        properties.put("cascade.small.urls", ownPools ? small.baseUrl() : builder.smallUrl);
        properties.put("cascade.large.urls", ownPools ? large.baseUrl() : builder.largeUrl);
        if (baseline != null) {
            properties.put("cascade.baseline.url", baseline.baseUrl());
        }
        if (hosted != null) {
            properties.put("cascade.compare.hosted.base-url", hosted.baseUrl());
            if (builder.hostedKey) {
                properties.put("cascade.compare.hosted.api-key", HOSTED_KEY);
            }
        }
        properties.putAll(builder.properties);
        try {
            GatewayMainListener listener = builder.ruleStore ? TestGateways.withRuleStore() : TestGateways.withDefaultRules();
            harness = (builder.shipped ? GatewayHarness.shipped(listener, null) : GatewayHarness.with(listener))
                    .properties(properties).readyWithin(builder.readyWithin).start();
        } catch (RuntimeException e) {
            closeUpstreams();
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A gateway whose pools are the test's own upstreams, with these properties. */
    public static RoutesGateway startWith(String smallPool, String largePool, Map<String, String> properties) {
        return builder().pools(smallPool, largePool).properties(properties).start();
    }

    /** What one test's gateway needs; {@link #start()} boots it. */
    public static final class Builder {
        private final Map<String, String> properties = new LinkedHashMap<>();
        private boolean baseline;
        private boolean hosted;
        private boolean hostedKey;
        private boolean ruleStore;
        private boolean shipped;
        private String smallUrl;
        private String largeUrl;
        private Duration readyWithin = Duration.ofSeconds(20);

        /** A baseline instant responder, configured as cascade.baseline.url. */
        public Builder withBaseline() {
            baseline = true;
            return this;
        }

        /** The hosted-API stand-in as Compare's hosted base URL, with ({@code keyed}) or without its key configured. */
        public Builder withHosted(boolean keyed) {
            hosted = true;
            hostedKey = keyed;
            return this;
        }

        /**
         * application.properties as shipped: none of the harness's test overrides (warm-up on, edge limits, metrics
         * cache, drain as shipped) nor this fixture's; only the pools' URLs, a free port and a fresh state directory.
         */
        public Builder shipped() {
            shipped = true;
            return this;
        }

        /** Routing starts from the rule store in cascade.data-dir, as the application does. */
        public Builder withRuleStore() {
            ruleStore = true;
            return this;
        }

        /** The pools' URLs are these (the test runs its own upstreams); no instant responders are started. */
        public Builder pools(String smallPool, String largePool) {
            smallUrl = smallPool;
            largeUrl = largePool;
            return this;
        }

        public Builder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        public Builder properties(Map<String, String> values) {
            properties.putAll(values);
            return this;
        }

        /** How long /health may take to say ok; null: return once Camel started. */
        public Builder readyWithin(Duration value) {
            readyWithin = value;
            return this;
        }

        public RoutesGateway start() {
            return new RoutesGateway(this);
        }
    }

    public URI base() {
        return harness.baseUrl();
    }

    public int port() {
        return harness.port();
    }

    public Gateway gateway() {
        return harness.listener().gateway();
    }

    public Edge edge() {
        return gateway().edge();
    }

    public CompareService compareService() {
        return gateway().compare();
    }

    /** The properties this boot gave beyond application.properties. */
    public java.util.Properties overrides() {
        return harness.main().getOverrideProperties();
    }

    public CamelContext camel() {
        return harness.main().getCamelContext();
    }

    public HttpTestClient http() {
        return harness.http();
    }

    public BenchLauncher bench() {
        return gateway().bench();
    }

    /** Where benchmark runs are stored (cascade.bench.results-dir). */
    public Path resultsDir() {
        return gateway().settings().bench().resultsDir();
    }

    /** Benchmark run ids as GET /api/bench/runs lists them, newest first. */
    public List<String> runIds() {
        List<String> ids = new ArrayList<>();
        json(get("/api/bench/runs")).path("data").forEach(run -> ids.add(run.path("id").asText()));
        return ids;
    }

    /** One benchmark run's summary (GET /api/bench/runs/{id}), which must exist. */
    public JsonNode run(String id) {
        HttpResponse<String> response = get("/api/bench/runs/" + id);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET run " + id + " answered " + response.statusCode() + ": " + response.body());
        }
        return json(response);
    }

    /** Starts a benchmark run ({@code body}, admin {@code token}) and returns its summary once it is no longer running. */
    public JsonNode runToItsEnd(String body, String token, Duration within) {
        HttpResponse<String> started = post("/api/bench/runs", body, token);
        if (started.statusCode() != 202) {
            throw new AssertionError("POST /api/bench/runs answered " + started.statusCode() + ": " + started.body());
        }
        String id = json(started).path("id").asText();
        return Awaitility.await().atMost(within).pollInterval(Duration.ofMillis(100))
                .until(() -> run(id), r -> !r.path("status").asText().equals("running"));
    }

    /** Every upstream this fixture started (pools and baseline) answers with {@code behaviour} from now on. */
    public void upstreams(ResponderBehaviour behaviour) {
        for (InstantResponder responder : new InstantResponder[]{small, large, baseline}) {
            if (responder != null) {
                responder.behaviour(behaviour);
            }
        }
    }

    public HttpResponse<String> get(String path) {
        return http().get(path).raw();
    }

    public HttpResponse<String> post(String path, String body) {
        return http().post(path, body).raw();
    }

    public HttpResponse<String> post(String path, String body, String token) {
        return http().postAuthorized(path, body, token).raw();
    }

    public HttpResponse<String> put(String path, String body, String token) {
        return http().put(path, body, token).raw();
    }

    public HttpResponse<String> delete(String path, String token) {
        return http().delete(path, token).raw();
    }

    public HttpResponse<String> send(HttpRequest request) {
        return http().send(request).raw();
    }

    /** A non-streaming chat completion of one user prompt (8 tokens). */
    public HttpResponse<String> chat(String prompt) {
        return post("/v1/chat/completions", HttpTestClient.chat(prompt, 8, false));
    }

    public HttpResponse<String> compare(String body) {
        return post("/api/compare", body);
    }

    /** The stream endpoint's status, content type and every {@code data:} payload ("[DONE]" as text). */
    public HttpTestClient.Stream compareStream(String body) {
        return http().stream("/api/compare/stream", body);
    }

    /** A counter or gauge from /metrics (the sum over the series carrying every given {@code label="value"}). */
    public double metric(String name, String... labels) {
        return harness.metric(name, labels);
    }

    public static JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON (HTTP " + response.statusCode() + "): " + response.body(), e);
        }
    }

    /** A compare body: one prompt, a max_tokens. */
    public static String prompt(String prompt, int maxTokens) {
        return JSON.createObjectNode().put("prompt", prompt).put("max_tokens", maxTokens).toString();
    }

    /** The instant responder's requests in progress, from its /metrics (the /metrics request itself counts as one). */
    public static int requestsProcessing(InstantResponder responder) {
        String metrics = new HttpTestClient(URI.create(responder.baseUrl())).get("/metrics").body();
        return metrics.lines().filter(l -> l.startsWith("llamacpp:requests_processing "))
                .mapToInt(l -> Integer.parseInt(l.substring(l.indexOf(' ') + 1).trim())).findFirst().orElseThrow();
    }

    public static int freePort() {
        return GatewayHarness.freePort();
    }

    @Override
    public void close() {
        harness.close();
        closeUpstreams();
    }

    private void closeUpstreams() {
        for (AutoCloseable upstream : new AutoCloseable[]{small, large, baseline, hosted}) {
            if (upstream != null) {
                try {
                    upstream.close();
                } catch (Exception ignored) {
                    // best effort
                }
            }
        }
    }
}
