package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.serving.cost.SystemCost;
import com.cascade4arm.routes.serving.hosted.HostedRoutes;
import com.cascade4arm.routes.serving.http.ClientChannel;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.apache.camel.Exchange;

import java.net.URI;
import java.time.Clock;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Compare's wiring and state: the three legs (each with its breaker and cooldown), the threads legs and their
 * attempts run on, the scheduler of retry waits, the request parser, and the aggregate {systems, ratios} it answers.
 */
public final class CompareService implements AutoCloseable {
    /** The multicast's own timeout: the deadline plus this margin, a backstop for a leg that ignores the deadline. */
    static final long MULTICAST_GRACE_MS = 2_000;
    /** Threads for retry waits: they only schedule the next attempt. */
    private static final int SCHEDULER_THREADS = 2;

    private final CompareSettings settings;
    private final CompareRequestParser parser;
    private final Map<SystemName, Leg> legs = new EnumMap<>(SystemName.class);
    private final ExecutorService legThreads;
    private final ScheduledExecutorService scheduler;

    /**
     * How camel-http's client for the legs is built: no retries of its own but {@link ClosedConnectionRetry} (its
     * default strategy would quietly retry 429 and 503, which the legs' Retry decides on, with events the client sees).
     */
    public static org.apache.camel.component.http.HttpClientConfigurer httpClient() {
        return builder -> builder.setRetryStrategy(new ClosedConnectionRetry());
    }

    public CompareService(GatewaySettings gateway, Supplier<URI> selfUrl, ChatRequestParser chat) {
        this(gateway, selfUrl, chat, Clock.systemUTC(), Executors.newScheduledThreadPool(SCHEDULER_THREADS, daemon("compare-retry")),
                () -> ThreadLocalRandom.current().nextDouble());
    }

    /** With the time source, the scheduler of retry waits and the jitter source injectable (tests). */
    public CompareService(GatewaySettings gateway, Supplier<URI> selfUrl, ChatRequestParser chat, Clock clock,
                          ScheduledExecutorService scheduler, DoubleSupplier random) {
        this.settings = gateway.compare();
        this.parser = new CompareRequestParser(chat);
        this.scheduler = scheduler;
        CompareConfig keys = settings.config();
        CompareConfig.RetryKeys retry = keys.retry();
        RetryWaits waits = new RetryWaits(retry.initialBackoffMs(), retry.maxWaitMs(), retry.jitter(), clock, random);
        for (LegTarget target : new LegTarget[]{LegTarget.cascade(selfUrl, gateway.edge().internalKey()),
                LegTarget.baseline(gateway.baselineUrl(),
                        new SystemCost(gateway.config().cost().baselineUsdPerHour(), System::nanoTime)),
                LegTarget.hosted(settings)}) {
            String id = target.system().id();
            legs.put(target.system(), new Leg(target,
                    CircuitBreaker.of(breakerName(target.system()), Leg.failureBreaker(gateway.config().breaker().failureRatePercent(),
                            gateway.config().breaker().window(), keys.breakerOpenMs(), clock)),
                    CircuitBreaker.of("compare-" + id + "-rate-limit", Leg.rateLimitBreaker(keys.cooldownAfter429s(),
                            keys.cooldownDurationMs(), clock)),
                    waits, retry.maxAttempts(), keys.cooldownDurationMs(), clock, gateway.config().exposeEndpoints()));
        }
        // An attempt holds its thread while it reads its stream (camel-http reads on the calling thread); legs never wait
        // for their attempts. A direct hand-off, never a queue, so a leg never waits behind another compare; past the cap
        // the caller runs it itself.
        this.legThreads = new ThreadPoolExecutor(SystemName.values().length, 2 * SystemName.values().length
                * gateway.config().workerThreads(), 60, TimeUnit.SECONDS, new SynchronousQueue<>(), daemon("compare-leg"),
                new ThreadPoolExecutor.CallerRunsPolicy());
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The registry name of a system's circuit breaker, which its attempt route's circuitBreaker() EIP uses. */
    static String breakerName(SystemName system) {
        // The hosted API's breaker is the one of the shared hosted-call route (overflowing chats use it too).
        return system == SystemName.HOSTED ? HostedRoutes.BREAKER : "compare-" + system.id() + "-breaker";
    }

    /** Every leg's breaker by registry name (the gateway binds them for the circuitBreaker EIPs). */
    public Map<String, CircuitBreaker> breakers() {
        Map<String, CircuitBreaker> breakers = new LinkedHashMap<>();
        legs.forEach((system, leg) -> breakers.put(breakerName(system), leg.failures()));
        return breakers;
    }

    public CompareSettings settings() {
        return settings;
    }

    Leg leg(SystemName system) {
        return legs.get(system);
    }

    ExecutorService legThreads() {
        return legThreads;
    }

    ScheduledExecutorService scheduler() {
        return scheduler;
    }

    long multicastTimeoutMs() {
        return settings.config().deadlineMs() + MULTICAST_GRACE_MS;
    }

    /**
     * Validates a compare body (400/413 before anything is sent) and opens the run: its clock starts when the request
     * arrived, a disconnect cancels it; with {@code events} the SSE answer streams the run as it goes.
     */
    CompareRun open(JsonNode body, ClientChannel client, CompareEvents events) {
        CompareRequest request = parser.parse(body);
        CompareRun run = new CompareRun(request, events, client == null ? System.nanoTime() : client.receivedAtNanos(),
                settings.config().deadlineMs());
        if (client != null) {
            client.onClientGone(run::cancel);
        }
        return run;
    }

    /** The JSON compare's first step: validates the body (400/413 before anything is sent) and opens the run. */
    void open(Exchange exchange) {
        start(exchange, CompareEvents.NONE);
    }

    /** The SSE compare's first step: the same, then the SSE answer starts and streams the run as it goes. */
    void openStream(Exchange exchange) {
        HttpContext http = HttpContext.of(exchange);
        start(exchange, new SseCompareEvents(http));
        http.startSse(Map.of());
    }

    private void start(Exchange exchange, CompareEvents events) {
        CompareRun run = open(exchange.getMessage().getBody(JsonNode.class), HttpContext.of(exchange), events);
        ApiKey key = KeyAccess.keyOf(exchange);
        run.onBehalfOf(key == null ? null : key.id());
        exchange.setProperty(CompareRun.PROPERTY, run);
        exchange.getMessage().setBody(run);
    }

    /** The JSON compare's answer: the aggregate of the systems' results. */
    void answer(Exchange exchange) {
        exchange.getMessage().setBody(finish(exchange));
    }

    /** The SSE compare's end: the aggregate event, then [DONE]. */
    void answerStream(Exchange exchange) {
        ObjectNode aggregate = finish(exchange);
        ((SseCompareEvents) exchange.getProperty(CompareRun.PROPERTY, CompareRun.class).events()).finish(aggregate);
    }

    @SuppressWarnings("unchecked")
    private ObjectNode finish(Exchange exchange) {
        CompareRun run = exchange.getProperty(CompareRun.PROPERTY, CompareRun.class);
        run.cancel(); // a leg still running past the multicast's timeout stops now
        return aggregate(run, exchange.getMessage().getBody(Map.class));
    }

    /**
     * {systems: {cascade, baseline, hosted}, ratios, elapsed_ms, deadline_ms, sampling}; a missing leg is reported as
     * an error.
     */
    ObjectNode aggregate(CompareRun run, Map<SystemName, SystemResult> results) {
        Map<SystemName, SystemResult> complete = new EnumMap<>(SystemName.class);
        for (SystemName system : SystemName.values()) {
            SystemResult result = results == null ? null : results.get(system);
            complete.put(system, result != null ? result : new SystemResult(system, SystemResult.Status.ERROR, null,
                    null, "", false, null, SystemResult.Measures.NONE, null, 0,
                    "no result within the compare deadline of " + run.deadlineMs() + " ms", null));
        }
        ObjectNode aggregate = Json.object();
        ObjectNode systems = aggregate.putObject("systems");
        complete.forEach((system, result) -> systems.set(system.id(), result.toJson()));
        aggregate.set("ratios", Ratios.of(complete));
        aggregate.put("elapsed_ms", LegStream.round(run.elapsedMs()));
        aggregate.put("deadline_ms", run.deadlineMs());
        // What every system was sent, so a result can be reproduced (null: the server's default was used).
        ChatRequest sent = run.request().chat();
        ObjectNode sampling = aggregate.putObject("sampling");
        sampling.put("max_tokens", sent.maxTokens()).put("temperature", sent.temperature()).put("top_p", sent.topP())
                .put("seed", sent.seed()).put("ignore_eos", sent.ignoreEos());
        aggregate.put("draft", run.request().draft());
        aggregate.put("hosted_reasoning", legs.get(SystemName.HOSTED).reasoning(run.request()).toString());
        return aggregate;
    }

    /**
     * {systems: [{system, configured, reason}], cpus, hosted_reasoning}: which systems a compare would call, and for one
     * that it would skip, what to set — so a console can say "not configured" before anyone runs a prompt; whether the
     * cascade and the baseline have CPUs of their own ({@link SystemCpus}); the hosted API's configured reasoning.
     */
    void describeSystems(Exchange exchange) {
        ObjectNode answer = Json.object();
        var systems = answer.putArray("systems");
        for (SystemName system : SystemName.values()) {
            String unconfigured = legs.get(system).target().unconfigured().get();
            systems.addObject().put("system", system.id()).put("configured", unconfigured == null).put("reason", unconfigured);
        }
        answer.set("cpus", settings.cpus().toJson());
        answer.put("hosted_reasoning", settings.hostedReasoning().toString());
        exchange.getMessage().setBody(answer);
    }

    /** Closes every system's breaker and ends every cooldown (tests; an operator after fixing a key). */
    public void resetResilience() {
        legs.values().forEach(Leg::reset);
    }

    @Override
    public void close() {
        legThreads.shutdownNow();
        scheduler.shutdownNow();
    }
}
