package com.cascade4arm.routes;

import com.cascade4arm.routes.bench.BenchLauncher;
import com.cascade4arm.routes.bench.BenchRoutes;
import com.cascade4arm.routes.bench.BenchScheduleRoute;
import com.cascade4arm.routes.bench.BenchTargets;
import com.cascade4arm.routes.chat.ChatDispatcher;
import com.cascade4arm.routes.chat.ChatRequestParser;
import com.cascade4arm.routes.chat.ChatRoutes;
import com.cascade4arm.routes.compare.CompareRoutes;
import com.cascade4arm.routes.compare.CompareService;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.edge.Edge;
import com.cascade4arm.routes.http.AdminAuth;
import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.ErrorsConfiguration;
import com.cascade4arm.routes.http.HttpContext;
import com.cascade4arm.routes.http.HttpIngress;
import com.cascade4arm.routes.metrics.GenAiMetrics;
import com.cascade4arm.routes.ops.OpsRoutes;
import com.cascade4arm.routes.routing.RoutingService;
import com.cascade4arm.routes.rulesadmin.RuleEditor;
import com.cascade4arm.routes.rulesadmin.RulesAdminRoutes;
import com.cascade4arm.routes.upstream.HealthMonitor;
import com.cascade4arm.routes.upstream.UpstreamClient;
import com.cascade4arm.routes.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.upstream.UpstreamPool;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import org.apache.camel.CamelContext;
import org.apache.camel.RoutesBuilder;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** Wires the gateway from its settings: pools, client, breakers, metrics, the route builders and the HTTP ingress. */
public final class Gateway implements AutoCloseable {
    private final GatewaySettings settings;
    private final Map<String, UpstreamPool> pools = new LinkedHashMap<>();
    private final UpstreamClient client;
    private final HealthMonitor health;
    private final GenAiMetrics metrics;
    private final ExecutorService workers;
    private final List<RoutesBuilder> routes = new ArrayList<>();
    private final AdminAuth admin;
    private final BenchLauncher bench;
    private final CompareService compare;
    private final Edge edge;
    private final RuleEditor rules;
    private volatile URI selfUrl;

    public Gateway(Vertx vertx, MeterRegistry meterRegistry, GatewaySettings settings, RoutingService routing) {
        this.settings = settings;
        this.admin = new AdminAuth(settings.adminToken());
        this.metrics = new GenAiMetrics(meterRegistry);
        this.edge = new Edge(settings.edge(), meterRegistry); // limits and slow-client timeouts at the HTTP edge
        CircuitBreakerRegistry breakers = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
                .failureRateThreshold(settings.breakerFailureRatePercent())
                .slidingWindowSize(settings.breakerWindow())
                .minimumNumberOfCalls(Math.min(settings.breakerWindow(), 4))
                .waitDurationInOpenState(Duration.ofMillis(settings.breakerOpenMs()))
                .permittedNumberOfCallsInHalfOpenState(1)
                .automaticTransitionFromOpenToHalfOpenEnabled(true)
                .build());
        pools.put("small", pool("small", settings.smallUrls(), settings.smallApiKey(), settings.smallUsdPerHour(),
                settings.smallSlots(), breakers));
        pools.put("large", pool("large", settings.largeUrls(), settings.largeApiKey(), settings.largeUsdPerHour(),
                settings.largeSlots(), breakers));
        // As many connections per endpoint as API requests may be in progress at once (the edge caps those).
        this.client = new UpstreamClient(vertx, settings.connectTimeoutMs(), settings.idleTimeoutMs(),
                settings.edge().maxConcurrentRequests());
        this.health = new HealthMonitor(vertx, client, pools.values(), settings.connectTimeoutMs());
        this.workers = new ThreadPoolExecutor(Math.min(16, settings.workerThreads()), settings.workerThreads(), 60,
                TimeUnit.SECONDS,
                new SynchronousQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, "gateway-worker");
                    thread.setDaemon(true);
                    return thread;
                });
        ChatRequestParser parser = new ChatRequestParser(settings.maxTokensCap(), settings.defaultMaxTokens(),
                settings.maxPromptChars());
        Integer scheduledMaxTokens = settings.bench().scheduledConfig().maxTokens();
        if (scheduledMaxTokens != null && scheduledMaxTokens > settings.maxTokensCap()) {
            // Every request of such a run would be refused: fail the start instead, naming both keys.
            throw new IllegalArgumentException("cascade.bench.schedule.max-tokens must be at most cascade.limits.max-tokens ("
                    + settings.maxTokensCap() + "), but was " + scheduledMaxTokens);
        }
        boolean expose = settings.edge().exposeEndpoints();
        ChatDispatcher dispatcher = new ChatDispatcher(pools, client, metrics, settings.requestTimeoutMs(), vertx, expose);
        routes.add(new ErrorsConfiguration());
        routes.add(new ChatRoutes(parser, routing, dispatcher, metrics));
        routes.add(new OpsRoutes(pools.values(), routing, parser, expose));
        // Benchmark: REST API + scheduled route; targets are this gateway (once bound) and the baseline, if configured.
        this.bench = new BenchLauncher(settings.bench(),
                new BenchTargets(this::selfUrl, settings.baselineUrl(), settings.connectTimeoutMs(),
                        settings.edge().internalKey()), routing);
        routes.add(new BenchRoutes(bench, admin, parser.limits()));
        routes.add(new BenchScheduleRoute(bench, settings.bench()));
        // Compare: one prompt to this gateway (loopback), the baseline and the hosted API in parallel.
        this.compare = new CompareService(settings, client, this::selfUrl, parser);
        routes.add(new CompareRoutes(compare));
        // Rules admin: validated, versioned rule edits with dry-run, hot swap and rollback (package rulesadmin).
        this.rules = new RuleEditor(settings.rules(), routing);
        routes.add(new RulesAdminRoutes(rules, admin));
    }

    private UpstreamPool pool(String name, List<URI> urls, String apiKey, double usdPerHour, int slots,
                              CircuitBreakerRegistry breakers) {
        List<UpstreamEndpoint> endpoints = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            String endpointName = name + "-" + i;
            UpstreamEndpoint endpoint = new UpstreamEndpoint(endpointName, urls.get(i), apiKey, breakers.circuitBreaker(endpointName));
            metrics.watchBreaker(endpointName, endpoint.breaker());
            endpoints.add(endpoint);
        }
        return new UpstreamPool(name, endpoints, usdPerHour, slots);
    }

    public List<RoutesBuilder> routes() {
        return routes;
    }

    public Map<String, UpstreamPool> pools() {
        return pools;
    }

    /** The gateway's own loopback URL (known once the HTTP server is bound), e.g. for benchmarking the cascade. */
    public URI selfUrl() {
        return selfUrl;
    }

    public AdminAuth admin() {
        return admin;
    }

    public GatewaySettings settings() {
        return settings;
    }

    public GenAiMetrics metrics() {
        return metrics;
    }

    /** Compare's legs and their resilience state, behind /api/compare and /api/compare/stream. */
    public CompareService compare() {
        return compare;
    }

    /** The benchmark launcher behind /api/bench/runs and the bench-scheduled route. */
    public BenchLauncher bench() {
        return bench;
    }

    /** Live rule editing behind /api/rules: the version store and the routing it activates. */
    public RuleEditor rules() {
        return rules;
    }

    /** The HTTP edge: per-client limits, caps, slow-client timeouts; its {@link Edge#serverVertx} goes in Camel's registry. */
    public Edge edge() {
        return edge;
    }

    /** Maps the HTTP API onto the routes; call once platform-http's router exists (after the context started). */
    public HttpIngress bindHttp(Router router, CamelContext camel, int port) {
        selfUrl = URI.create("http://127.0.0.1:" + port);
        edge.install(router); // first handler of every request (package edge)
        edge.knownRoutes().register(HttpMethod.GET, "/metrics"); // mounted by GatewayMainListener
        HttpIngress ingress = new HttpIngress(router, camel, workers, settings.maxBodyBytes(), edge)
                .mapNonBlocking(HttpMethod.POST, "/v1/chat/completions", RouteIds.CHAT_COMPLETIONS)
                .mapNonBlocking(HttpMethod.GET, "/v1/models", RouteIds.LIST_MODELS)
                .mapNonBlocking(HttpMethod.GET, "/health", RouteIds.HEALTH)
                .mapNonBlocking(HttpMethod.POST, "/api/route", RouteIds.EXPLAIN_ROUTE)
                .map(HttpMethod.POST, BenchRoutes.RUNS_PATH, RouteIds.BENCH_START)
                .map(HttpMethod.GET, BenchRoutes.RUNS_PATH, RouteIds.BENCH_LIST)
                .map(HttpMethod.GET, BenchRoutes.RUNS_PATH + "/:id", RouteIds.BENCH_STATUS)
                .map(HttpMethod.GET, BenchRoutes.RUNS_PATH + "/:id/rows.csv", RouteIds.BENCH_ROWS)
                .map(HttpMethod.DELETE, BenchRoutes.RUNS_PATH + "/:id", RouteIds.BENCH_CANCEL)
                .map(HttpMethod.POST, "/api/compare", RouteIds.COMPARE)
                .map(HttpMethod.POST, "/api/compare/stream", RouteIds.COMPARE_STREAM)
                .map(HttpMethod.GET, RulesAdminRoutes.RULES_PATH, RouteIds.RULES_GET)
                .map(HttpMethod.PUT, RulesAdminRoutes.RULES_PATH, RouteIds.RULES_PUT)
                .map(HttpMethod.POST, RulesAdminRoutes.RULES_PATH + "/validate", RouteIds.RULES_VALIDATE)
                .map(HttpMethod.POST, RulesAdminRoutes.RULES_PATH + "/dry-run", RouteIds.RULES_DRY_RUN)
                .map(HttpMethod.GET, RulesAdminRoutes.RULES_PATH + "/history", RouteIds.RULES_HISTORY)
                .map(HttpMethod.GET, RulesAdminRoutes.RULES_PATH + "/versions/:version", RouteIds.RULES_VERSION)
                .map(HttpMethod.POST, RulesAdminRoutes.RULES_PATH + "/rollback/:version", RouteIds.RULES_ROLLBACK);
        health.start(settings.healthIntervalMs());
        return ingress;
    }

    /**
     * Last handler on the router: a known path asked with another method gets 405 with Allow, unknown paths an
     * OpenAI-shaped 404 instead of Vert.x's plain text.
     */
    public void mountNotFound(Router router) {
        router.route("/*").last().handler(ctx -> {
            if (edge.answerMethodNotAllowed(ctx)) {
                return;
            }
            new HttpContext(ctx.request(), System.nanoTime()).sendError(ApiException.notFound("not_found",
                    "no such endpoint: " + ctx.request().method() + " " + ctx.normalizedPath()));
        });
    }

    @Override
    public void close() {
        bench.close();
        compare.close();
        health.close();
        edge.close();
        workers.shutdownNow();
        client.close();
    }
}
