package com.cascade4arm.routes.config;

import com.cascade4arm.routes.serving.overflow.OverflowPolicy;
import com.cascade4arm.routes.serving.upstream.Balance;
import com.cascade4arm.routes.operator.bench.BenchSettings;
import com.cascade4arm.routes.operator.compare.CompareSettings;
import com.cascade4arm.routes.operator.console.ConsoleSettings;
import com.cascade4arm.routes.serving.cost.CostConfig;
import com.cascade4arm.routes.serving.edge.EdgeSettings;
import org.apache.camel.spi.PropertiesComponent;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the gateway runs with: one binding of its configuration ({@link ConfigBinding}: keys, defaults and bounds in
 * {@link CascadeConfig}, read through {@link #config()}) and what the application may replace before it starts (the
 * tiers' and the baseline's URLs when embedded hosts supply them, Compare's hosted column) or what is composed from
 * several groups and checked at start (tiers, benchmark schedule, edge, console texts). The model tiers come from
 * {@code cascade.tiers}: a tier more is configuration (its keys) plus a rule routing to it.
 */
public record GatewaySettings(CascadeConfig config, List<TierSettings> tiers, URI baselineUrl, BenchSettings bench,
                              CompareSettings compare, EdgeSettings edge, ConsoleSettings console) {
    /** The model name that lets the rulebook choose the tier. */
    public static final String AUTO_MODEL = "auto";

    public static GatewaySettings from(PropertiesComponent properties) {
        CostConfig.refuseRetiredKeys(key -> properties.resolveProperty(key).orElse(null));
        return from(ConfigBinding.bind(properties));
    }

    public static GatewaySettings from(Configuration configuration) {
        CascadeConfig c = configuration.cascade();
        return new GatewaySettings(c, tiers(configuration),
                c.baselineUrl().map(url -> Urls.list("cascade.baseline.url", url)).flatMap(l -> l.stream().findFirst())
                        .orElse(null),
                BenchSettings.from(c, c.dataDirectory()), CompareSettings.from(c), EdgeSettings.from(configuration),
                ConsoleSettings.from(c.console(), c.compare().hosted().model()));
    }

    /** The tiers in {@code cascade.tiers} order, each with its keys; the fallback defaults to the next tier (round). */
    private static List<TierSettings> tiers(Configuration configuration) {
        List<String> names = List.copyOf(configuration.tiers().keySet());
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
                    tier.apiKey().orElse(null), fallback, roles(tier.roles(), name),
                    tier.balance().map(b -> Balance.parse("cascade." + name + ".balance", b)).orElse(null), tier.slots(),
                    tier.loadFactor(), new OverflowPolicy("hosted".equals(tier.overflow()), tier.maxQueueMs())));
        }
        return List.copyOf(tiers);
    }

    /** {@code cascade.<tier>.roles}: the roles a tier's pool serves; user among them. */
    private static Set<String> roles(String text, String tier) {
        Set<String> roles = new LinkedHashSet<>(CommaList.of(text));
        if (!roles.contains("user")) {
            throw new IllegalArgumentException("cascade." + tier + ".roles must include user, but was " + text);
        }
        return Set.copyOf(roles);
    }

    public List<String> tierNames() {
        return tiers.stream().map(TierSettings::name).toList();
    }

    /** A copy with these tiers' URLs replaced (used when the embedded hosts supply them). */
    public GatewaySettings withTierUrls(Map<String, List<URI>> urls) {
        List<TierSettings> replaced = tiers.stream()
                .map(t -> urls.containsKey(t.name()) ? t.withUrls(urls.get(t.name())) : t).toList();
        return new GatewaySettings(config, replaced, baselineUrl, bench, compare, edge, console);
    }

    /** A copy with the baseline endpoint's URL (used when the embedded hosts supply it). */
    public GatewaySettings withBaseline(URI baseline) {
        return new GatewaySettings(config, tiers, baseline, bench, compare, edge, console);
    }

    /** A copy with other Compare settings (used when the application simulates the hosted API). */
    public GatewaySettings withCompare(CompareSettings newCompare) {
        return new GatewaySettings(config, tiers, baselineUrl, bench, newCompare, edge, console);
    }

    /** True when every tier has at least one endpoint URL (else the application may start embedded hosts). */
    public boolean hasUpstreams() {
        return tiers.stream().noneMatch(t -> t.urls().isEmpty());
    }
}
