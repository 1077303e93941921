package com.cascade4arm.routes.config;

import com.cascade4arm.openai.SchemaLimits;
import com.cascade4arm.routes.bench.BenchSettings;
import com.cascade4arm.routes.compare.CompareSettings;
import com.cascade4arm.routes.judge.JudgeSettings;
import com.cascade4arm.routes.console.ConsoleSettings;
import com.cascade4arm.routes.cost.CostSettings;
import com.cascade4arm.routes.edge.EdgeSettings;
import com.cascade4arm.routes.rulesadmin.RulesSettings;
import com.cascade4arm.routes.tracing.TracingSettings;
import org.apache.camel.spi.PropertiesComponent;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gateway settings read from application.properties / env (keys documented there); defaults are named constants.
 * The model tiers come from {@code cascade.tiers}: a tier more is configuration (its keys) plus a rule routing to it.
 */
public record GatewaySettings(List<TierSettings> tiers,
                              int connectTimeoutMs, long idleTimeoutMs, long requestTimeoutMs, long healthIntervalMs,
                              int maxTokensCap, int defaultMaxTokens, int maxPromptChars, long maxBodyBytes,
                              int workerThreads, int breakerFailureRatePercent, int breakerWindow, long breakerOpenMs,
                              String adminToken, Path dataDir, URI baselineUrl, BenchSettings bench,
                              CompareSettings compare, EdgeSettings edge,
                              RulesSettings rules, ConsoleSettings console,
                              EscalationSettings escalation, TracingSettings tracing,
                              JudgeSettings judge, SchemaLimits schema, CostSettings cost) {
    /** The cascade's tiers unless {@code cascade.tiers} says otherwise: the rulebook routes to these two. */
    public static final String DEFAULT_TIERS = "small,large";
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
    public static final long DEFAULT_IDLE_TIMEOUT_MS = 120_000;
    public static final long DEFAULT_REQUEST_TIMEOUT_MS = 600_000;
    public static final long DEFAULT_HEALTH_INTERVAL_MS = 2_000;
    public static final int DEFAULT_MAX_TOKENS_CAP = 1_024;
    public static final int DEFAULT_MAX_TOKENS = 256;
    public static final int DEFAULT_MAX_PROMPT_CHARS = 32_000;
    public static final long DEFAULT_MAX_BODY_BYTES = 1_048_576;
    public static final int DEFAULT_WORKER_THREADS = 256;
    public static final int DEFAULT_BREAKER_FAILURE_RATE_PERCENT = 50;
    public static final int DEFAULT_BREAKER_WINDOW = 10;
    public static final long DEFAULT_BREAKER_OPEN_MS = 10_000;

    public static GatewaySettings from(PropertiesComponent properties) {
        Reader p = new Reader(properties);
        Path dataDir = p.path("cascade.data-dir", defaultDataDir());
        return new GatewaySettings(
                tiers(p),
                (int) p.integer("cascade.upstream.connect-timeout-ms", DEFAULT_CONNECT_TIMEOUT_MS, 1, 600_000),
                p.integer("cascade.upstream.idle-timeout-ms", DEFAULT_IDLE_TIMEOUT_MS, 1, 3_600_000),
                p.integer("cascade.upstream.request-timeout-ms", DEFAULT_REQUEST_TIMEOUT_MS, 1, 3_600_000),
                p.integer("cascade.upstream.health-interval-ms", DEFAULT_HEALTH_INTERVAL_MS, 100, 600_000),
                (int) p.integer("cascade.limits.max-tokens", DEFAULT_MAX_TOKENS_CAP, 1, 131_072),
                (int) p.integer("cascade.limits.default-max-tokens", DEFAULT_MAX_TOKENS, 1, 131_072),
                (int) p.integer("cascade.limits.max-prompt-chars", DEFAULT_MAX_PROMPT_CHARS, 1, 10_000_000),
                p.integer("cascade.limits.max-body-bytes", DEFAULT_MAX_BODY_BYTES, 1_024, 100_000_000),
                (int) p.integer("cascade.gateway.worker-threads", DEFAULT_WORKER_THREADS, 1, 10_000),
                (int) p.integer("cascade.breaker.failure-rate-percent", DEFAULT_BREAKER_FAILURE_RATE_PERCENT, 1, 100),
                (int) p.integer("cascade.breaker.window", DEFAULT_BREAKER_WINDOW, 1, 10_000),
                p.integer("cascade.breaker.open-ms", DEFAULT_BREAKER_OPEN_MS, 1, 3_600_000),
                p.string("cascade.admin.token"),
                dataDir,
                p.urls("cascade.baseline.url").stream().findFirst().orElse(null),
                BenchSettings.read(p::string, dataDir),
                CompareSettings.read(p::string),
                EdgeSettings.read(p::string),
                RulesSettings.read(p::string, dataDir),
                ConsoleSettings.read(p::string, p.values.text("cascade.compare.hosted.model", CompareSettings.DEFAULT_HOSTED_MODEL)),
                EscalationSettings.read(p::string),
                TracingSettings.read(p::string),
                JudgeSettings.read(p::string),
                ChatInputSettings.schema(p::string),
                CostSettings.read(p::string));
    }

    /** The tiers in {@code cascade.tiers} order, each with its keys; the fallback defaults to the next tier (round). */
    private static List<TierSettings> tiers(Reader p) {
        List<String> names = Arrays.stream(p.values.text("cascade.tiers", DEFAULT_TIERS).split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (names.isEmpty() || names.size() != Set.copyOf(names).size()
                || names.stream().anyMatch(n -> !n.matches("[a-z][a-z0-9-]*") || n.equals(AUTO_MODEL))) {
            throw new IllegalArgumentException("cascade.tiers must list distinct lower-case names other than "
                    + AUTO_MODEL + ", but was " + p.string("cascade.tiers"));
        }
        List<TierSettings> tiers = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            String fallback = p.values.text("cascade." + name + ".fallback",
                    names.size() == 1 ? null : names.get((i + 1) % names.size()));
            if (fallback != null && (fallback.equals("none") || fallback.equals(name))) {
                fallback = null;
            } else if (fallback != null && !names.contains(fallback)) {
                throw new IllegalArgumentException("cascade." + name + ".fallback must be one of " + names
                        + " or none, but was " + fallback);
            }
            tiers.add(new TierSettings(name, p.urls("cascade." + name + ".urls"), p.string("cascade." + name + ".api-key"),
                    fallback, ChatInputSettings.roles(p::string, name)));
        }
        return List.copyOf(tiers);
    }

    /** The model name that lets the rulebook choose the tier. */
    public static final String AUTO_MODEL = "auto";

    public List<String> tierNames() {
        return tiers.stream().map(TierSettings::name).toList();
    }

    /** A copy with these tiers' URLs replaced (used when the embedded hosts supply them). */
    public GatewaySettings withTierUrls(Map<String, List<URI>> urls) {
        List<TierSettings> replaced = tiers.stream()
                .map(t -> urls.containsKey(t.name()) ? t.withUrls(urls.get(t.name())) : t).toList();
        return new GatewaySettings(replaced, connectTimeoutMs, idleTimeoutMs, requestTimeoutMs, healthIntervalMs,
                maxTokensCap, defaultMaxTokens, maxPromptChars, maxBodyBytes, workerThreads, breakerFailureRatePercent,
                breakerWindow, breakerOpenMs, adminToken, dataDir, baselineUrl, bench, compare, edge, rules, console,
                escalation, tracing, judge, schema, cost);
    }

    /** A copy with the baseline endpoint's URL (used when the embedded hosts supply it). */
    public GatewaySettings withBaseline(URI baseline) {
        return new GatewaySettings(tiers, connectTimeoutMs, idleTimeoutMs, requestTimeoutMs, healthIntervalMs,
                maxTokensCap, defaultMaxTokens, maxPromptChars, maxBodyBytes, workerThreads, breakerFailureRatePercent,
                breakerWindow, breakerOpenMs, adminToken, dataDir, baseline, bench, compare, edge, rules, console,
                escalation, tracing, judge, schema, cost);
    }

    /** A copy with other Compare settings (used when the application simulates the hosted API). */
    public GatewaySettings withCompare(CompareSettings newCompare) {
        return new GatewaySettings(tiers, connectTimeoutMs, idleTimeoutMs, requestTimeoutMs, healthIntervalMs,
                maxTokensCap, defaultMaxTokens, maxPromptChars, maxBodyBytes, workerThreads, breakerFailureRatePercent,
                breakerWindow, breakerOpenMs, adminToken, dataDir, baselineUrl, bench, newCompare, edge, rules, console,
                escalation, tracing, judge, schema, cost);
    }

    /** $XDG_DATA_HOME/cascade4arm, else ~/.local/share/cascade4arm: where rule versions and benchmark runs live. */
    public static Path defaultDataDir() {
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("cascade4arm");
    }

    /** True when every tier has at least one endpoint URL (else the application may start embedded hosts). */
    public boolean hasUpstreams() {
        return tiers.stream().noneMatch(t -> t.urls().isEmpty());
    }

    /** Reads typed values; a bad value fails startup with a message naming the key and the value. */
    private record Reader(PropertyReader values) {
        Reader(PropertiesComponent properties) {
            this(new PropertyReader(key -> properties.resolveProperty(key).orElse(null)));
        }

        String string(String key) {
            return values.text(key);
        }

        List<URI> urls(String key) {
            String value = string(key);
            if (value == null) {
                return List.of();
            }
            return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(s -> {
                URI uri = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
                if (uri.getScheme() == null || !uri.getScheme().startsWith("http") || uri.getHost() == null) {
                    throw new IllegalArgumentException(key + " must list http(s) URLs, but had " + s);
                }
                return uri;
            }).toList();
        }

        Path path(String key, Path fallback) {
            String value = string(key);
            return value == null ? fallback : Path.of(value);
        }

        long integer(String key, long fallback, long min, long max) {
            return values.integer(key, fallback, min, max);
        }

        double decimal(String key, double fallback) {
            return values.decimal(key, fallback, 0, Double.MAX_VALUE);
        }
    }
}
