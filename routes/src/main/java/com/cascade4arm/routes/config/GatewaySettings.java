package com.cascade4arm.routes.config;

import com.cascade4arm.routes.serving.upstream.Balance;

import com.cascade4arm.openai.SchemaLimits;
import com.cascade4arm.routes.operator.bench.BenchSettings;
import com.cascade4arm.routes.operator.compare.CompareSettings;
import com.cascade4arm.routes.operator.judge.JudgeSettings;
import com.cascade4arm.routes.operator.console.ConsoleSettings;
import com.cascade4arm.routes.serving.cost.CostSettings;
import com.cascade4arm.routes.serving.edge.EdgeSettings;
import com.cascade4arm.routes.operator.rulesadmin.RulesSettings;
import com.cascade4arm.routes.serving.tracing.TracingSettings;
import org.apache.camel.spi.PropertiesComponent;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the gateway runs with, derived from one binding of its configuration ({@link ConfigBinding}: keys, defaults
 * and bounds in {@link CascadeConfig}). The model tiers come from {@code cascade.tiers}: a tier more is configuration
 * (its keys) plus a rule routing to it.
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
    /** The model name that lets the rulebook choose the tier. */
    public static final String AUTO_MODEL = "auto";

    public static GatewaySettings from(PropertiesComponent properties) {
        CostSettings.refuseRetiredKeys(key -> properties.resolveProperty(key).orElse(null));
        return from(ConfigBinding.bind(properties));
    }

    public static GatewaySettings from(Configuration configuration) {
        CascadeConfig c = configuration.cascade();
        Path dataDir = dataDir(c);
        return new GatewaySettings(
                tiers(configuration),
                c.upstream().connectTimeoutMs(), c.upstream().idleTimeoutMs(), c.upstream().requestTimeoutMs(),
                c.upstream().healthIntervalMs(),
                c.limits().maxTokens(), c.limits().defaultMaxTokens(), c.limits().maxPromptChars(),
                c.limits().maxBodyBytes(),
                c.gateway().workerThreads(),
                c.breaker().failureRatePercent(), c.breaker().window(), c.breaker().openMs(),
                c.admin().token().orElse(null),
                dataDir,
                c.baseline().url().map(url -> Urls.list("cascade.baseline.url", url)).flatMap(l -> l.stream().findFirst())
                        .orElse(null),
                BenchSettings.from(c, dataDir),
                CompareSettings.from(c),
                EdgeSettings.from(configuration),
                RulesSettings.from(c, dataDir),
                ConsoleSettings.from(c.console(), c.compare().hosted().model()),
                EscalationSettings.from(c),
                TracingSettings.from(c),
                JudgeSettings.from(c),
                ChatInputSettings.schema(c),
                CostSettings.from(c));
    }

    /** cascade.data-dir, else {@link #defaultDataDir()}. */
    public static Path dataDir(CascadeConfig c) {
        return c.dataDir().map(Path::of).orElseGet(GatewaySettings::defaultDataDir);
    }

    /** The tiers in {@code cascade.tiers} order, each with its keys; the fallback defaults to the next tier (round). */
    private static List<TierSettings> tiers(Configuration configuration) {
        String text = configuration.cascade().tiers();
        List<String> names = Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (names.isEmpty() || names.size() != Set.copyOf(names).size()
                || names.stream().anyMatch(n -> !n.matches(ConfigBinding.TIER_NAME) || n.equals(AUTO_MODEL))) {
            throw new IllegalArgumentException("cascade.tiers must list distinct lower-case names other than "
                    + AUTO_MODEL + ", but was " + text);
        }
        List<TierSettings> tiers = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            TierConfig tier = configuration.tiers().get(name);
            String fallback = tier.fallback().orElse(names.size() == 1 ? null : names.get((i + 1) % names.size()));
            if (fallback != null && (fallback.equals("none") || fallback.equals(name))) {
                fallback = null;
            } else if (fallback != null && !names.contains(fallback)) {
                throw new IllegalArgumentException("cascade." + name + ".fallback must be one of " + names
                        + " or none, but was " + fallback);
            }
            tiers.add(new TierSettings(name, tier.urls().map(u -> Urls.list("cascade." + name + ".urls", u)).orElse(List.of()),
                    tier.apiKey().orElse(null), fallback, ChatInputSettings.roles(tier.roles(), name),
                    tier.balance().map(b -> Balance.parse("cascade." + name + ".balance", b)).orElse(null), tier.slots(),
                    tier.loadFactor()));
        }
        return List.copyOf(tiers);
    }

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
}
