package com.cascade4arm.routes.serving.keys;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-key Prometheus series, labelled by alias with bounded cardinality: the first {@code maxAliases} aliases seen
 * get series of their own, every later one counts under {@code other} (a registry with one series per key
 * would grow with every key ever created).
 */
final class KeyMetrics {
    static final String OTHER = "other";

    private final MeterRegistry registry;
    private final int maxAliases;
    private final Map<String, Series> series = new ConcurrentHashMap<>();
    private final Set<String> labelled = ConcurrentHashMap.newKeySet();

    KeyMetrics(MeterRegistry registry, int maxAliases) {
        this.registry = registry;
        this.maxAliases = maxAliases;
    }

    void answered(String alias, long promptTokens, long completionTokens, double costUsd) {
        Series s = series(alias);
        s.requests.increment();
        s.promptTokens.increment(promptTokens);
        s.completionTokens.increment(completionTokens);
        s.cost.increment(costUsd);
    }

    void refused(String alias, String reason) {
        Counter.builder("cascade.key.refusals").description("requests refused for a key: rate limit, budget, tier")
                .tag("key_alias", label(alias)).tag("reason", reason).register(registry).increment();
    }

    /** The alias itself while fewer than maxAliases have a label (racing callers may add one or two more), else other. */
    private String label(String alias) {
        if (labelled.contains(alias)) {
            return alias;
        }
        if (labelled.size() < maxAliases) {
            labelled.add(alias);
            return alias;
        }
        return OTHER;
    }

    private Series series(String alias) {
        return series.computeIfAbsent(label(alias), l -> new Series(registry, l));
    }

    private static final class Series {
        final Counter requests;
        final Counter promptTokens;
        final Counter completionTokens;
        final Counter cost;

        Series(MeterRegistry registry, String label) {
            requests = Counter.builder("cascade.key.requests").description("answered requests per key alias")
                    .tag("key_alias", label).register(registry);
            promptTokens = Counter.builder("cascade.key.tokens").description("tokens per key alias")
                    .tag("key_alias", label).tag("type", "input").register(registry);
            completionTokens = Counter.builder("cascade.key.tokens").description("tokens per key alias")
                    .tag("key_alias", label).tag("type", "output").register(registry);
            cost = Counter.builder("cascade.key.cost.usd").description("cost model's USD per key alias")
                    .tag("key_alias", label).register(registry);
        }
    }
}
