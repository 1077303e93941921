package com.cascade4arm.routes.warmup;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.state.SharedState;
import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import io.vertx.core.Vertx;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.spi.PropertiesComponent;
import org.apache.camel.util.FileUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * Runs the gateway's request path a few thousand times before the real gateway starts: a throwaway gateway in this
 * JVM (same configuration, its own port, state and meters) in front of an instant upstream. The JIT compiles what it
 * ran, and compiled code belongs to the classes, not to that gateway — so a freshly started replica serves its first
 * clients at warmed speed instead of spending its first minutes compiling (measured: bench/README "Gateway overhead").
 */
public final class GatewayWarmup {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayWarmup.class);
    /** Prompts the bundled rulebook sends to different tiers (greeting, fact, code, reasoning). */
    private static final List<String> PROMPTS = List.of("Hi there, how are you today?",
            "What is the capital of France?", "Write a Python function that reverses a linked list.",
            "Explain step by step why the sum of two odd numbers is even.");
    private static final int MAX_TOKENS = 5;
    private static final long READY_WITHIN_MS = 30_000;
    private static final long REQUEST_TIMEOUT_MS = 10_000;
    private static final long HEALTH_TIMEOUT_MS = 2_000;
    /** The instant upstream's answers: every field llama-server sends, draft counts included, so all of it is parsed. */
    private static final ResponderBehaviour UPSTREAM = ResponderBehaviour.INSTANT.withDraftCounts(true);
    /** Its handler threads: the warm-up's one request at a time, the gateway's health checks beside it. */
    private static final int UPSTREAM_THREADS = 2;

    private GatewayWarmup() {
    }

    /**
     * What a warm-up did: requests sent and answered 200, the tiers the answers came from, the upstream's count,
     * how long it took, and the state directory it used (deleted by then).
     */
    public record Result(int sent, int answered, Set<String> routes, long upstreamRequests, long elapsedMs, Path stateDir) {
    }

    /** Counts of one warm-up's requests as they go. */
    private static final class Tally {
        int sent;
        int answered;
        final Set<String> routes = new TreeSet<>();
    }

    /**
     * Boots the throwaway gateway with {@code inherited} (the real one's override properties) plus its own, sends the
     * requests (until {@code enough} says so, if sooner), stops it and deletes its state.
     */
    public static Result run(CascadeConfig.Warmup settings, Properties inherited, BooleanSupplier enough) {
        long start = System.nanoTime();
        Path dir = tempDir();
        try (InstantResponder upstream = InstantResponder.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), UPSTREAM, UPSTREAM_THREADS)) {
            Main main = new Main();
            inherited.forEach((key, value) -> main.addOverrideProperty(key.toString(), value.toString()));
            ownProperties(dir).forEach(main::addOverrideProperty);
            WarmupListener listener = new WarmupListener(URI.create(upstream.baseUrl()));
            main.addMainListener(listener);
            try {
                main.start();
                URI base = listener.gateway().selfUrl();
                // The client runs on the throwaway gateway's own Vert.x: no event-loop pool of its own.
                try (BenchHttp http = BenchHttp.on(main.getCamelContext().getRegistry().lookupByNameAndType("vertx",
                        Vertx.class))) {
                    awaitHealthy(http, base);
                    Tally tally = drive(http, base, settings, start, enough);
                    return new Result(tally.sent, tally.answered, tally.routes, upstream.chatRequestCount(),
                            (System.nanoTime() - start) / 1_000_000, dir);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("warm-up interrupted", e);
            } finally {
                main.stop();
            }
        } finally {
            FileUtil.removeDir(dir.toFile());
        }
    }

    /** Runs the warm-up and logs what it did; a failed warm-up is logged and the gateway starts anyway (only slower). */
    public static void runLogged(CascadeConfig.Warmup settings, Properties inherited, BooleanSupplier enough) {
        try {
            Result result = run(settings, inherited, enough);
            LOG.info("JIT warm-up: {} of {} chat requests ({} answered, tiers {}) through a throwaway gateway in {} ms",
                    result.sent(), settings.requests(), result.answered(), result.routes(), result.elapsedMs());
        } catch (RuntimeException e) {
            LOG.warn("JIT warm-up failed, the first requests will be slower: {}", e.toString());
        }
    }

    /** Its own port, state, and nothing that reaches outside this JVM (store, tracing, judge, hosted, schedule). */
    private static Map<String, String> ownProperties(Path dir) {
        Map<String, String> own = new LinkedHashMap<>();
        own.put("cascade.warmup.requests", "0");
        own.put("camel.main.name", "cascade4arm-warmup");
        own.put("camel.main.startup-summary-level", "Off");
        own.put("camel.server.enabled", "true");
        own.put("camel.server.host", "127.0.0.1");
        own.put("camel.server.port", "0");
        own.put("cascade.data-dir", dir.toString());
        own.put("cascade.rules.dir", dir.resolve("rules").toString());
        own.put("cascade.bench.results-dir", dir.resolve("bench").toString());
        own.put("cascade.store", "files");
        own.put("cascade.bench.schedule.enabled", "false");
        own.put("cascade.baseline.url", "");
        own.put("cascade.judge.url", "");
        own.put("cascade.judge.enabled", "false");
        own.put("cascade.tracing.otlp-endpoint", "");
        own.put("cascade.compare.hosted.simulated", "false");
        own.put("cascade.edge.rate-limit.enabled", "false");
        own.put("cascade.auth.mode", "open"); // its own empty key store: with keys every warm-up chat would be a 401
        own.put("cascade.shutdown.drain-timeout-ms", "0");
        own.put("cascade.upstream.health-interval-ms", "100"); // healthy (and warming) soon after start
        return own;
    }

    /**
     * Camel lets an environment variable named like a key (CASCADE_WARMUP_REQUESTS for cascade.warmup.requests)
     * override every property, ours included: the throwaway gateway would then warm up again and again, or open the
     * replica's shared database. It reads the environment only where application.properties asks ({{env:…}}).
     */
    static void isolateFromEnvironment(PropertiesComponent properties) {
        if (properties instanceof org.apache.camel.component.properties.PropertiesComponent camelProperties) {
            camelProperties.setEnvironmentVariableMode(
                    org.apache.camel.component.properties.PropertiesComponent.ENVIRONMENT_VARIABLES_MODE_NEVER);
            camelProperties.setSystemPropertiesMode(
                    org.apache.camel.component.properties.PropertiesComponent.SYSTEM_PROPERTIES_MODE_NEVER);
        } else {
            throw new IllegalStateException("cannot isolate the warm-up from the environment: " + properties.getClass());
        }
    }

    private static void awaitHealthy(BenchHttp http, URI base) throws InterruptedException {
        long deadline = System.nanoTime() + READY_WITHIN_MS * 1_000_000;
        while (System.nanoTime() < deadline) {
            try {
                if (http.await(base.resolve("/health"), null, HEALTH_TIMEOUT_MS).status() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("warm-up gateway not healthy within " + READY_WITHIN_MS + " ms");
    }

    /** Alternates streamed and plain requests over the prompts, through the client the benchmark runs use. */
    private static Tally drive(BenchHttp http, URI base, CascadeConfig.Warmup settings, long start,
                               BooleanSupplier enough) {
        StreamingChatClient client = new StreamingChatClient(http, base.toString(), null, REQUEST_TIMEOUT_MS);
        long deadline = start + settings.maxMs() * 1_000_000;
        Tally tally = new Tally();
        while (tally.sent < settings.requests() && System.nanoTime() < deadline && !enough.getAsBoolean()) {
            String prompt = PROMPTS.get(tally.sent % PROMPTS.size());
            boolean stream = (tally.sent / PROMPTS.size()) % 2 == 0;
            tally.sent++;
            StreamResult answer = client.stream(ChatRequest.userPrompt(GatewaySettings.AUTO_MODEL, prompt, MAX_TOKENS,
                    stream));
            if (answer.ok()) {
                tally.answered++;
                if (answer.route() != null) {
                    tally.routes.add(answer.route());
                }
            }
        }
        return tally;
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("cascade4arm-warmup-");
        } catch (IOException e) {
            throw new UncheckedIOException("no temp dir for the warm-up", e);
        }
    }

    /** The throwaway gateway: every tier on the instant upstream, the bundled rulebook, no ready banner. */
    private static final class WarmupListener extends GatewayMainListener {
        private final URI upstream;

        WarmupListener(URI upstream) {
            this.upstream = upstream;
        }

        @Override
        public void beforeConfigure(BaseMainSupport main) {
            isolateFromEnvironment(main.getCamelContext().getPropertiesComponent());
            super.beforeConfigure(main);
        }

        @Override
        protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent properties) {
            Map<String, List<URI>> urls = new LinkedHashMap<>();
            settings.tierNames().forEach(tier -> urls.put(tier, List.of(upstream)));
            return settings.withTierUrls(urls);
        }

        @Override
        protected RoutingService routing(PropertiesComponent properties, SharedState shared) {
            return shared.startRouting();
        }

        @Override
        protected void announceReady(String base) {
        }
    }
}
