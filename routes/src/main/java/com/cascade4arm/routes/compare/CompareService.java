package com.cascade4arm.routes.compare;

import com.cascade4arm.routes.chat.ChatRequestParser;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.http.Json;
import com.cascade4arm.routes.upstream.UpstreamClient;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Compare's wiring and state: the three legs (each with its own breaker and cooldown), the threads the multicast runs
 * them on, the request parser, and the aggregate {systems, ratios} the API answers with.
 */
public final class CompareService implements AutoCloseable {
    /** The multicast's own timeout: the deadline plus this margin, a backstop for a leg that ignores the deadline. */
    static final long MULTICAST_GRACE_MS = 2_000;
    private static final int LEGS_PER_COMPARE = SystemName.values().length;

    private final CompareSettings settings;
    private final CompareRequestParser parser;
    private final Map<SystemName, SystemLeg> legs = new EnumMap<>(SystemName.class);
    private final ExecutorService legThreads;

    public CompareService(GatewaySettings gateway, UpstreamClient client, Supplier<URI> selfUrl, ChatRequestParser chat) {
        this(gateway, client, selfUrl, chat, Clock.systemUTC(), Sleeper.REAL, () -> ThreadLocalRandom.current().nextDouble());
    }

    /** With the time source, the retry waiter and the jitter source injectable (tests). */
    public CompareService(GatewaySettings gateway, UpstreamClient client, Supplier<URI> selfUrl, ChatRequestParser chat,
                          Clock clock, Sleeper sleeper, DoubleSupplier random) {
        this.settings = gateway.compare();
        this.parser = new CompareRequestParser(chat);
        CompareSettings.Retry retry = settings.retry();
        CircuitBreakerConfig breakers = CircuitBreakerConfig.custom()
                .failureRateThreshold(gateway.breakerFailureRatePercent())
                .slidingWindowSize(gateway.breakerWindow())
                .minimumNumberOfCalls(Math.min(gateway.breakerWindow(), 4))
                .waitDurationInOpenState(Duration.ofMillis(retry.breakerOpenMs()))
                .permittedNumberOfCallsInHalfOpenState(1)
                .automaticTransitionFromOpenToHalfOpenEnabled(true)
                .build();
        BackoffPolicy backoff = new BackoffPolicy(retry.initialBackoffMs(), retry.maxWaitMs(), retry.jitter(), clock, random);
        for (LegTarget target : new LegTarget[]{LegTarget.cascade(selfUrl, gateway.edge().internalKey()),
                LegTarget.baseline(gateway.baselineUrl(), settings.baselineUsdPerHour(), settings.baselineSlots()),
                LegTarget.hosted(settings)}) {
            legs.put(target.system(), new SystemLeg(target, client,
                    CircuitBreaker.of("compare-" + target.system().id(), breakers),
                    new Cooldown(retry.cooldownAfter429s(), retry.cooldownMs(), clock), backoff, sleeper,
                    retry.maxAttempts(), gateway.edge().exposeEndpoints()));
        }
        // Legs block on their streams (no thread per token, but one per leg): a direct hand-off, never a queue, so a
        // leg never waits behind another compare; past the cap the multicast runs the leg on its own thread.
        this.legThreads = new ThreadPoolExecutor(LEGS_PER_COMPARE, LEGS_PER_COMPARE * gateway.workerThreads(), 60,
                TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, "compare-leg");
                    thread.setDaemon(true);
                    return thread;
                }, new ThreadPoolExecutor.CallerRunsPolicy());
    }

    public CompareSettings settings() {
        return settings;
    }

    CompareRequestParser parser() {
        return parser;
    }

    SystemLeg leg(SystemName system) {
        return legs.get(system);
    }

    ExecutorService legThreads() {
        return legThreads;
    }

    long multicastTimeoutMs() {
        return settings.deadlineMs() + MULTICAST_GRACE_MS;
    }

    /** {systems: {cascade, baseline, hosted}, ratios, elapsed_ms, deadline_ms}; a missing leg is reported as an error. */
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
        return aggregate;
    }

    /** Closes every system's breaker and ends every cooldown (tests; an operator after fixing a key). */
    public void resetResilience() {
        legs.values().forEach(leg -> {
            leg.breaker().reset();
            leg.cooldown().reset();
        });
    }

    @Override
    public void close() {
        legThreads.shutdownNow();
    }
}
