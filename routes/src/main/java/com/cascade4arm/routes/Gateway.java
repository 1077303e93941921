package com.cascade4arm.routes;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.routes.operator.bench.BenchLauncher;
import com.cascade4arm.routes.operator.bench.BenchRoutes;
import com.cascade4arm.routes.operator.bench.BenchScheduleRoute;
import com.cascade4arm.routes.operator.bench.BenchTargets;
import com.cascade4arm.openai.CompletionRequestParser;
import com.cascade4arm.openai.EmbeddingsRequestParser;
import com.cascade4arm.routes.config.Urls;
import com.cascade4arm.routes.serving.chat.ChatRoutes;
import com.cascade4arm.routes.serving.completions.CompletionsRelay;
import com.cascade4arm.routes.serving.completions.CompletionsRoutes;
import com.cascade4arm.routes.serving.embeddings.EmbeddingsRelay;
import com.cascade4arm.routes.serving.embeddings.EmbeddingsRoutes;
import com.cascade4arm.routes.serving.chat.ChatSteps;
import com.cascade4arm.routes.serving.chat.Escalate;
import com.cascade4arm.routes.serving.chat.TierFallback;
import com.cascade4arm.routes.state.ClusterScheduler;
import com.cascade4arm.routes.state.SharedState;
import com.cascade4arm.routes.operator.compare.CompareRoutes;
import com.cascade4arm.routes.operator.compare.CompareService;
import com.cascade4arm.routes.operator.compare.CompareConfig;
import com.cascade4arm.routes.operator.compare.CompareSettings;
import com.cascade4arm.routes.serving.hosted.HostedApi;
import com.cascade4arm.routes.serving.hosted.HostedRoutes;
import com.cascade4arm.routes.serving.overflow.HostedOverflow;
import com.cascade4arm.routes.serving.overflow.OverflowPolicy;
import com.cascade4arm.routes.operator.compare.RetryWaits;
import com.cascade4arm.routes.operator.console.ConsoleRoutes;
import com.cascade4arm.routes.operator.console.ModelFactsProbe;
import com.cascade4arm.routes.serving.cost.SystemCost;
import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.config.TierSettings;
import com.cascade4arm.routes.serving.edge.Edge;
import com.cascade4arm.routes.serving.http.AdminAuth;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyGuard;
import com.cascade4arm.routes.serving.keys.KeysSettings;
import com.cascade4arm.routes.serving.keys.KeyStore;
import com.cascade4arm.routes.serving.requestlog.RequestLog;
import com.cascade4arm.routes.operator.keys.KeysRoutes;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.HttpSurface;
import com.cascade4arm.routes.serving.http.IngressComponent;
import com.cascade4arm.routes.operator.judge.CamelJudge;
import com.cascade4arm.routes.operator.judge.JudgeRoutes;
import com.cascade4arm.routes.serving.llama.LlamaComponent;
import com.cascade4arm.routes.serving.llama.PoolDispatcher;
import com.cascade4arm.routes.serving.llama.Timers;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.routes.serving.metrics.MetricsRoutes;
import com.cascade4arm.routes.serving.ops.GatewayHealth;
import com.cascade4arm.routes.serving.ops.OpsRoutes;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.routing.RuleBudgetOverruns;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.routes.operator.rulesadmin.RuleEditor;
import com.cascade4arm.routes.operator.rulesadmin.RulesAdminRoutes;
import com.cascade4arm.routes.serving.tracing.ChatTraceSteps;
import com.cascade4arm.routes.serving.tracing.ChatTracing;
import com.cascade4arm.routes.serving.upstream.HealthMonitor;
import com.cascade4arm.routes.serving.upstream.UpstreamClient;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamGets;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.cascade4arm.rules.semantic.SemanticFact;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import org.apache.camel.CamelContext;
import org.apache.camel.RoutesBuilder;
import org.apache.camel.component.http.HttpComponent;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Wires the gateway from its settings: the tiers' pools, the upstream client and health checks, the Camel components
 * routes name ({@code ingress:}, {@code llama:}, camel-http for Compare), the route builders and the HTTP edge.
 */
public final class Gateway implements AutoCloseable {
    /** Stop strings a chat request may carry (OpenAI's own limit). */
    public static final int MAX_STOP_SEQUENCES = 4;

    private final GatewaySettings settings;
    private final Map<String, UpstreamPool> pools = new LinkedHashMap<>();
    private final UpstreamClient client;
    /** The gateway's one-shot GETs to model servers (console facts, the baseline's model list). */
    private final UpstreamGets gets;
    private final HealthMonitor health;
    private final GenAiMetrics metrics;
    private final ExecutorService workers;
    /** The /metrics route renders here: off the event loop, and never taking a worker the API needs. */
    private final ExecutorService scrapes;
    private final GatewayHealth readiness;
    private final List<RoutesBuilder> routes = new ArrayList<>();
    private final AdminAuth admin;
    private final BenchLauncher bench;
    private final CircuitBreaker judgeBreaker;
    private final CompareService compare;
    private final Edge edge;
    private final RuleEditor rules;
    private final HttpSurface surface;
    private final LlamaComponent llama;
    private final ChatTracing tracing;
    private final SharedState shared;
    private final KeyStore keys;
    private final KeyAccess keyAccess;
    /** The scheduled benchmark on Quartz's clustered job store; null unless shared and enabled. */
    private final BenchScheduleRoute clusterSchedule;
    private volatile URI selfUrl;

    public Gateway(Vertx vertx, MeterRegistry meterRegistry, GatewaySettings settings, RoutingService routing,
                   SharedState shared) {
        this.settings = settings;
        this.shared = shared;
        CascadeConfig config = settings.config();
        this.admin = new AdminAuth(config.adminToken().orElse(null));
        this.metrics = new GenAiMetrics(meterRegistry);
        this.edge = new Edge(settings.edge(), meterRegistry); // limits and slow-client timeouts at the HTTP edge
        this.surface = new HttpSurface(edge, config.limits().maxBodyBytes());
        // Virtual keys (their store is the gateway's store: files or the shared database) and the request log.
        this.keys = shared.keyStore(config.dataDirectory());
        KeysSettings keySettings = KeysSettings.from(config, settings.edge().exposure()); // refuses open beyond loopback
        this.keyAccess = new KeyAccess(new KeyGuard(keySettings, keys, edge.internalAuthorization(), admin, meterRegistry,
                Clock.systemUTC()), new RequestLog(keySettings.requestLogSize(), keySettings.requestLogContent(),
                Clock.systemUTC(), keySettings.requestLogSize() == 0 ? null : shared.requestLog(config.requestLog()),
                shared.replicaName()));
        io.micrometer.core.instrument.FunctionCounter.builder("cascade.request.log.dropped", keyAccess.log(),
                RequestLog::dropped).description("requests the shared request log dropped (the database fell behind)")
                .register(meterRegistry);
        CircuitBreakerRegistry breakers = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
                .failureRateThreshold(config.breaker().failureRatePercent())
                .slidingWindowSize(config.breaker().window())
                .minimumNumberOfCalls(Math.min(config.breaker().window(), 4))
                .waitDurationInOpenState(Duration.ofMillis(config.breaker().openMs()))
                .permittedNumberOfCallsInHalfOpenState(1)
                .automaticTransitionFromOpenToHalfOpenEnabled(true)
                .build());
        Map<String, String> fallbacks = new LinkedHashMap<>();
        for (TierSettings tier : settings.tiers()) {
            pools.put(tier.name(), pool(tier, breakers));
            if (tier.fallback() != null) {
                fallbacks.put(tier.name(), tier.fallback());
            }
        }
        // As many connections per endpoint as API requests may be in progress at once (the edge caps those).
        CascadeConfig.Upstream upstream = config.upstream();
        this.client = new UpstreamClient(vertx, upstream.connectTimeoutMs(), upstream.idleTimeoutMs(),
                config.edge().maxConcurrentRequests());
        this.gets = new UpstreamGets(vertx);
        // Embeddings: a pool of their own (own breakers and health), on the first tier's endpoints unless configured.
        UpstreamPool embeddingsPool = embeddingsPool(settings, breakers);
        List<UpstreamPool> watched = new ArrayList<>(pools.values());
        watched.add(embeddingsPool);
        this.health = new HealthMonitor(vertx, client, watched, upstream.connectTimeoutMs());
        int workerThreads = config.workerThreads();
        this.workers = new ThreadPoolExecutor(Math.min(16, workerThreads), workerThreads, 60,
                TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, "gateway-worker");
                    thread.setDaemon(true);
                    return thread;
                });
        ChatRequestParser parser = new ChatRequestParser(chatLimits(settings));
        Integer scheduledMaxTokens = settings.bench().scheduledConfig().maxTokens();
        if (scheduledMaxTokens != null && scheduledMaxTokens > config.limits().maxTokens()) {
            // Every request of such a run would be refused: fail the start instead, naming both keys.
            throw new IllegalArgumentException("cascade.bench.schedule.max-tokens must be at most cascade.limits.max-tokens ("
                    + config.limits().maxTokens() + "), but was " + scheduledMaxTokens);
        }
        boolean expose = config.exposeEndpoints();
        this.tracing = ChatTracing.create(config.tracing().collector(), config.tracing().exportDelayMs());
        // One instance for chat, completions and embeddings: each answer's cost is its share among all in flight.
        SystemCost cascadeCost = new SystemCost(config.cost().cascadeUsdPerHour(), System::nanoTime);
        this.llama = new LlamaComponent(pools, new PoolDispatcher(client, metrics, upstream.requestTimeoutMs(),
                Timers.of(vertx), System::nanoTime, expose, config.escalation(), tracing, cascadeCost));
        routes.add(new ErrorsConfiguration());
        // Compare: one prompt to this gateway (loopback), the baseline and the hosted API in parallel. Made before the
        // chat routes: overflow calls the hosted API through the same route and breaker as Compare's hosted leg.
        this.compare = new CompareService(settings, this::selfUrl, parser);
        routes.add(new HostedRoutes());
        TierFallback tierFallback = new TierFallback(fallbacks); // chat's and completions' alike
        HostedOverflow overflow = overflow(settings);
        routes.add(new ChatRoutes(new ChatSteps(parser, routing, metrics, settings.tierNames()),
                new ChatTraceSteps(tracing), tierFallback, new Escalate(settings.tierNames()),
                settings.tierNames(), keyAccess, workers, overflow));
        this.readiness = new GatewayHealth(pools.values(), expose, shared::health, edge::draining);
        routes.add(new OpsRoutes(pools.values(), routing, parser, readiness, keyAccess, workers, embeddingsPool.name()));
        routes.add(new CompletionsRoutes(new CompletionRequestParser(parser), new CompletionsRelay(pools, client, metrics,
                cascadeCost, System::nanoTime, expose),
                keyAccess, tierFallback, overflow, workers));
        routes.add(new EmbeddingsRoutes(new EmbeddingsRequestParser(config.limits().maxPromptChars()),
                new EmbeddingsRelay(embeddingsPool, client, metrics, cascadeCost, System::nanoTime, expose), keyAccess, workers));
        this.scrapes = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "metrics-scrape");
            thread.setDaemon(true);
            return thread;
        });
        routes.add(new MetricsRoutes(scrapes, config.metricsCacheMs()));
        // Benchmark: REST API + scheduled route; targets are this gateway (once bound) and the baseline, if configured.
        // Judge (package judge): compares the cascade's answers with the baseline's after a run, when configured.
        this.judgeBreaker = breakers.circuitBreaker(JudgeRoutes.BREAKER);
        CamelJudge judge = config.judge().configured() ? new CamelJudge(config.judge(), judgeWaits(settings)) : null;
        if (judge != null) {
            routes.add(new JudgeRoutes(judge, config.judge()));
        }
        this.bench = new BenchLauncher(settings.bench(),
                new BenchTargets(gets, this::selfUrl, settings.baselineUrl(), upstream.connectTimeoutMs(),
                        settings.edge().internalKey(), settings.tiers(), config.cost()), routing, shared::runHistory, judge,
                config.judge().enabled(), BenchHttp.on(vertx));
        routes.add(new BenchRoutes(bench, admin, parser.limits(), workers));
        if (shared.settings().shared()) {
            // One Quartz trigger for the cluster, added once the database answers (see startClusterSchedule).
            clusterSchedule = settings.bench().config().schedule().enabled() ? BenchScheduleRoute.clustered(bench, settings.bench()) : null;
        } else {
            clusterSchedule = null;
            routes.add(BenchScheduleRoute.local(bench, settings.bench()));
        }
        routes.add(new ConsoleRoutes(settings.console(), bench.service(), settings.tiers(), settings.baselineUrl(),
                routing, config.cost(), new ModelFactsProbe(gets), workers));
        routes.add(new CompareRoutes(compare, keyAccess, workers));
        routes.add(new KeysRoutes(keys, settings.tierNames(), keyAccess.log(), admin, workers));
        // Rules admin: validated, versioned rule edits with dry-run, hot swap and rollback (package rulesadmin).
        if (routing instanceof RulebookRoutingService rulebooks) {
            RuleBudgetOverruns overruns = new RuleBudgetOverruns(meterRegistry, System::currentTimeMillis);
            rulebooks.limitEvaluation(TimeUnit.MILLISECONDS.toNanos(config.rules().evaluationBudgetMs()), overruns::record);
            if ("on".equals(config.rules().semantic())) {
                // Loads the embedding model now, on the semantic fact's own thread: serving does not wait for it.
                rulebooks.useSemantic(SemanticFact.bundled(TimeUnit.MILLISECONDS.toNanos(config.rules().semanticBudgetMs())));
            }
        }
        this.rules = new RuleEditor(shared::rules, routing);
        routes.add(new RulesAdminRoutes(rules, admin, settings.edge().exposure().exposed(), workers, meterRegistry));
    }

    /**
     * Overflow to the hosted API (cascade.<tier>.overflow): Compare's hosted API (cascade.compare.hosted.*, or the
     * simulated one) at its list prices, its breaker, and Compare's retry keys; within the request timeout.
     */
    private HostedOverflow overflow(GatewaySettings settings) {
        Map<String, OverflowPolicy> policies = new LinkedHashMap<>();
        settings.tiers().forEach(tier -> policies.put(tier.name(), tier.overflow()));
        CompareSettings hosted = settings.compare();
        CompareConfig.Hosted keys = hosted.config().hosted();
        HostedApi api = new HostedApi(hosted.hostedBaseUrl(), hosted.hostedApiKey(), hosted.hostedModel(),
                Map.of("HTTP-Referer", keys.referer(), "X-OpenRouter-Title", keys.title(), "X-Title", keys.title()),
                hosted.prices().usdPerMillionInput(), hosted.prices().usdPerMillionOutput());
        CompareConfig.RetryKeys retry = hosted.config().retry();
        return new HostedOverflow(policies, pools, api, compare.breakers().get(HostedRoutes.BREAKER),
                new HostedOverflow.Retries(retry.maxAttempts(), retry.initialBackoffMs(), retry.maxWaitMs(),
                        settings.config().upstream().requestTimeoutMs()), metrics, workers);
    }

    /** The judge waits as Compare's legs do (cascade.compare.retry.*): Retry-After honoured, exponential otherwise. */
    private static RetryWaits judgeWaits(GatewaySettings settings) {
        CompareConfig.RetryKeys retry = settings.compare().config().retry();
        return new RetryWaits(retry.initialBackoffMs(), retry.maxWaitMs(), retry.jitter(), Clock.systemUTC(),
                () -> ThreadLocalRandom.current().nextDouble());
    }

    /** What the chat endpoint accepts: "auto" or a tier (one forces it; "cascade" and none mean auto) and the caps. */
    static ChatRequestParser.Limits chatLimits(GatewaySettings settings) {
        List<String> models = new ArrayList<>();
        models.add(GatewaySettings.AUTO_MODEL);
        models.addAll(settings.tierNames());
        CascadeConfig.Limits limits = settings.config().limits();
        return new ChatRequestParser.Limits(models, GatewaySettings.AUTO_MODEL, Set.of("cascade"), limits.maxTokens(),
                limits.defaultMaxTokens(), limits.maxPromptChars(), MAX_STOP_SEQUENCES, settings.config().chatSchema().limits());
    }

    /**
     * The embeddings pool: {@code cascade.embeddings.urls}, else the first tier's endpoints (the embedded small host
     * serves embeddings); its own breakers either way, so a server that cannot embed never opens a chat breaker.
     */
    private UpstreamPool embeddingsPool(GatewaySettings settings, CircuitBreakerRegistry breakers) {
        CascadeConfig config = settings.config();
        TierSettings first = settings.tiers().get(0);
        List<URI> urls = config.embeddingsUrls().map(u -> Urls.list("cascade.embeddings.urls", u)).orElse(first.urls());
        String apiKey = config.embeddingsUrls().isPresent() ? config.embeddingsApiKey().orElse(null) : first.apiKey();
        List<UpstreamEndpoint> endpoints = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            String endpointName = RouteIds.EMBEDDINGS + "-" + i;
            UpstreamEndpoint endpoint = new UpstreamEndpoint(endpointName, urls.get(i), apiKey,
                    breakers.circuitBreaker(endpointName));
            metrics.watchBreaker(endpointName, endpoint.breaker());
            endpoints.add(endpoint);
        }
        return new UpstreamPool(RouteIds.EMBEDDINGS, endpoints);
    }

    private UpstreamPool pool(TierSettings tier, CircuitBreakerRegistry breakers) {
        List<UpstreamEndpoint> endpoints = new ArrayList<>();
        for (int i = 0; i < tier.urls().size(); i++) {
            String endpointName = tier.name() + "-" + i;
            UpstreamEndpoint endpoint = new UpstreamEndpoint(endpointName, tier.urls().get(i), tier.apiKey(),
                    breakers.circuitBreaker(endpointName), tier.slots());
            metrics.watchBreaker(endpointName, endpoint.breaker());
            endpoints.add(endpoint);
        }
        return new UpstreamPool(tier.name(), endpoints, tier.roles(), tier.effectiveBalance(), tier.loadFactor());
    }

    /**
     * Registers what the routes name: {@code ingress:} (the HTTP API on the gateway's own router), {@code llama:} (the
     * tiers' pools), camel-http for Compare (Apache HttpClient's own retries replaced: Compare's Resilience4j Retry owns
     * them, except a request lost on a connection the server had closed — {@code ClosedConnectionRetry}) and the
     * Compare legs' circuit breakers the circuitBreaker EIPs refer to; and the readiness checks /health reports.
     */
    public void registerWith(CamelContext camel) {
        readiness.register(camel);
        camel.addComponent(IngressComponent.SCHEME, new IngressComponent(surface));
        camel.addComponent(LlamaComponent.SCHEME, llama);
        camel.addComponent("http", compareHttp());
        camel.addComponent("https", compareHttp()); // a hosted API's https:// URL names this scheme
        compare.breakers().forEach(camel.getRegistry()::bind);
        camel.getRegistry().bind(JudgeRoutes.BREAKER, judgeBreaker);
        if (clusterSchedule != null) {
            camel.addComponent("quartz", ClusterScheduler.component(shared.database()));
        }
    }

    /** camel-http as Compare and the judge use it (one instance per scheme: http, https). */
    private HttpComponent compareHttp() {
        HttpComponent http = new HttpComponent();
        http.setHttpClientConfigurer(CompareService.httpClient());
        http.setRedirectHandlingDisabled(true);
        http.setCookieManagementDisabled(true);
        http.setConnectTimeout(settings.config().upstream().connectTimeoutMs());
        http.setResponseTimeout(settings.config().upstream().idleTimeoutMs());
        http.setSoTimeout(settings.config().upstream().idleTimeoutMs());
        http.setResponsePayloadStreamingThreshold(-1); // always a stream: tokens are read as they arrive
        http.setConnectionsPerRoute(settings.config().edge().maxStreams());
        http.setMaxTotalConnections(3 * settings.config().edge().maxStreams());
        return http;
    }

    /**
     * Adds the cluster's scheduled benchmark once the database answers (Quartz's job store needs it to start; a gateway
     * that started without its database still starts, and joins the schedule later).
     */
    public void startClusterSchedule(CamelContext camel) {
        if (clusterSchedule != null) {
            shared.whenDatabaseUp("schedule", () -> camel.addRoutes(clusterSchedule));
        }
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

    /** Virtual keys: the store, the guard on the chat path and the request log. */
    public KeyAccess keyAccess() {
        return keyAccess;
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

    /** The HTTP edge: per-client limits, caps, slow-client timeouts; it makes the HTTP server ({@link Edge#newServer}). */
    public Edge edge() {
        return edge;
    }

    /** Mounts the HTTP API on the gateway's router (call once the server listens, after the context started). */
    public void bindHttp(Router router, int port) {
        selfUrl = URI.create("http://127.0.0.1:" + port);
        edge.install(router); // first handler of every request (package edge)
        surface.bind(router);
        health.start(settings.config().upstream().healthIntervalMs());
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
            new HttpContext(ctx.request(), System.nanoTime()).sendError(ApiError.notFound("not_found",
                    "no such endpoint: " + ctx.request().method() + " " + ctx.normalizedPath()));
        });
    }

    /**
     * Graceful shutdown's first step: readiness fails and new API requests get 503 shutting_down at once, benchmark runs
     * here end {@code interrupted} (a run cannot move to another replica), and the requests in flight — streams
     * included — get up to {@code timeoutMs} to finish. Returns how many were still in flight when it gave up (0: all
     * finished).
     */
    public int drain(long timeoutMs) throws InterruptedException {
        edge.startDraining();
        bench.service().interruptAll("interrupted: gateway replica " + shared.settings().replicaName() + " shut down");
        return edge.awaitIdle(timeoutMs) ? 0 : edge.requestsInFlight();
    }

    @Override
    public void close() {
        bench.close();
        compare.close();
        health.close();
        edge.close();
        workers.shutdownNow();
        scrapes.shutdownNow();
        client.close();
        gets.close();
        tracing.close(); // exports the spans still batched
        keys.close(); // the last usage is written
        keyAccess.log().close(); // the rows still queued are written
    }
}
