package com.cascade4arm.routes.serving.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Meters with OpenTelemetry GenAI names (plus routing/fallback/breaker meters), tagged by route and endpoint. */
public final class GenAiMetrics {
    private final MeterRegistry registry;
    /** Meters by name and tags: registering looks them up by a sorted Id each time, too slow for every request. */
    private final Map<List<String>, Meter> meters = new ConcurrentHashMap<>();

    /** A decision (facts + rules) should take at most this long on the event loop (rules/design.md, "Time and stack"). */
    public static final long DECISION_BUDGET_NANOS = 1_000_000;

    private final Timer decisionDuration;
    private final Counter decisionsOverBudget;

    public GenAiMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.decisionDuration = Timer.builder("cascade.routing.decision.duration")
                .description("Time of one routing decision (fact extraction and rules) on the event loop")
                .register(registry);
        this.decisionsOverBudget = Counter.builder("cascade.routing.decisions.over_budget")
                .description("Routing decisions that took longer than the 1 ms budget").register(registry);
    }

    /** One decision's time: the live check of the budget the rule vetting and the linear extractor guarantee. */
    public void decisionTime(long nanos) {
        decisionDuration.record(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
        if (nanos > DECISION_BUDGET_NANOS) {
            decisionsOverBudget.increment();
        }
    }

    @SuppressWarnings("unchecked")
    private <M extends Meter> M meter(Supplier<M> register, String... nameAndTags) {
        return (M) meters.computeIfAbsent(List.of(nameAndTags), key -> register.get());
    }

    public MeterRegistry registry() {
        return registry;
    }

    public void timeToFirstToken(String route, String endpoint, double ms) {
        Timer timer = meter(() -> Timer.builder("gen_ai.server.time_to_first_token")
                .description("Time from request receipt to first content token")
                .tags("route", route, "endpoint", endpoint).publishPercentileHistogram()
                .register(registry), "ttft", route, endpoint);
        timer.record((long) (ms * 1_000_000), TimeUnit.NANOSECONDS);
    }

    public void operationDuration(String route, String endpoint, String outcome, double ms) {
        operationDuration(route, endpoint, outcome, ms, "chat");
    }

    /** {@code operation}: OpenTelemetry's gen_ai.operation.name ({@code chat}, {@code embeddings}, {@code text_completion}). */
    public void operationDuration(String route, String endpoint, String outcome, double ms, String operation) {
        Timer timer = meter(() -> Timer.builder("gen_ai.client.operation.duration")
                .description("Duration of a model operation (chat, embeddings, text completion) through the gateway")
                .tags("route", route, "endpoint", endpoint, "outcome", outcome, "gen_ai.operation.name", operation)
                .publishPercentileHistogram()
                .register(registry), "duration", route, endpoint, outcome, operation);
        timer.record((long) (ms * 1_000_000), TimeUnit.NANOSECONDS);
    }

    public void tokenUsage(String route, long promptTokens, long completionTokens) {
        summary(route, "input").record(promptTokens);
        summary(route, "output").record(completionTokens);
    }

    private DistributionSummary summary(String route, String type) {
        return meter(() -> DistributionSummary.builder("gen_ai.client.token.usage").description("Tokens per request")
                .baseUnit("tokens").tags("route", route, "gen_ai.token.type", type).register(registry), "usage", route, type);
    }

    public void decision(String route, String rule) {
        Counter counter = meter(() -> Counter.builder("cascade.routing.decisions")
                .description("Routing decisions by deciding rule")
                .tags("route", route, "rule", rule).register(registry), "decisions", route, rule);
        counter.increment();
    }

    /**
     * One trial of a tentative small route: {@code outcome} kept, escalated or unmeasured (the upstream sent no
     * log-probabilities); {@code trialMs} — what an escalation added before the large model started — for escalations.
     */
    public void escalationTrial(String outcome, double trialMs) {
        Counter.builder("cascade.escalations").description("Tentative small routes by outcome of the small model's trial")
                .tags("outcome", outcome).register(registry).increment();
        if (!Double.isNaN(trialMs)) {
            Timer.builder("cascade.escalation.trial.duration")
                    .description("Time spent on the small model before escalating: added time to first token")
                    .register(registry).record((long) (trialMs * 1_000_000), TimeUnit.NANOSECONDS);
        }
    }

    /** One request of a prefix-affinity pool: {@code outcome} hit, miss or overflow ({@code cascade_prefix_affinity_total}). */
    public void prefixAffinity(String tier, String outcome) {
        Counter counter = meter(() -> Counter.builder("cascade.prefix.affinity")
                .description("Requests of prefix-affinity pools by outcome: hit (the conversation's own replica, which "
                        + "served its prefix before), miss (its own replica, prefix not seen there), overflow (another "
                        + "replica: its own was above its load bound or down)")
                .tags("tier", tier, "outcome", outcome).register(registry), "affinity", tier, outcome);
        counter.increment();
    }

    /**
     * Prompt tokens the upstream reported as taken from its KV cache and as evaluated, per pool
     * ({@code cascade_prompt_tokens_total{tier,kind=cached|evaluated}}); either may be unknown (negative: skipped).
     */
    public void promptTokens(String tier, long cached, long evaluated) {
        if (cached >= 0) {
            promptTokenCounter(tier, "cached").increment(cached);
        }
        if (evaluated >= 0) {
            promptTokenCounter(tier, "evaluated").increment(evaluated);
        }
    }

    private Counter promptTokenCounter(String tier, String kind) {
        return meter(() -> Counter.builder("cascade.prompt.tokens").baseUnit("tokens")
                .description("Prompt tokens as the upstream reported them: cached (reused from its KV cache) or "
                        + "evaluated")
                .tags("tier", tier, "kind", kind).register(registry), "prompt_tokens", tier, kind);
    }

    public void fallback(String from, String to) {
        Counter.builder("cascade.fallbacks").description("Requests served by another pool than the one chosen")
                .tags("from", from, "to", to).register(registry).increment();
    }

    /** A request of {@code tier} went to the hosted API; {@code reason}: queue (expected wait) or unavailable. */
    public void overflow(String tier, String reason) {
        Counter.builder("cascade.overflow").description("Requests a tier could not take in time, sent to the hosted API")
                .tags("tier", tier, "reason", reason).register(registry).increment();
    }

    public void upstreamError(String endpoint, String kind) {
        Counter.builder("cascade.upstream.errors").description("Failed upstream calls")
                .tags("endpoint", endpoint, "kind", kind).register(registry).increment();
    }

    /** Breaker state as a number: 0 closed, 1 half-open, 2 open (forced/disabled states map to the nearest). */
    public void watchBreaker(String endpoint, CircuitBreaker breaker) {
        Gauge.builder("cascade.breaker.state", breaker, b -> switch (b.getState()) {
                    case CLOSED, DISABLED, METRICS_ONLY -> 0;
                    case HALF_OPEN -> 1;
                    case OPEN, FORCED_OPEN -> 2;
                }).description("Circuit breaker state per endpoint: 0 closed, 1 half-open, 2 open")
                .tags("endpoint", endpoint).register(registry);
    }
}
