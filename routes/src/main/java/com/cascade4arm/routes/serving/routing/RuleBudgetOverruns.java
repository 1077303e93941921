package com.cascade4arm.routes.serving.routing;

import com.cascade4arm.rules.decision.BudgetOverrun;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Decisions whose rules ran past the evaluation budget and fell back to the default route: counted per rule
 * ({@code cascade_rule_budget_exceeded_total{rule}}) and logged once per rule per {@link #LOG_INTERVAL_MS}, so a prompt
 * sent again and again cannot flood the log.
 */
public final class RuleBudgetOverruns {
    private static final Logger LOG = LoggerFactory.getLogger(RuleBudgetOverruns.class);
    /** At most one warning per rule this often, in milliseconds. */
    static final long LOG_INTERVAL_MS = 60_000;
    /** Tag value when the condition could not be traced to a rule. */
    static final String UNKNOWN_RULE = "unknown";

    private final MeterRegistry registry;
    private final LongSupplier clockMs;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Long> lastLoggedMs = new ConcurrentHashMap<>();

    public RuleBudgetOverruns(MeterRegistry registry, LongSupplier clockMs) {
        this.registry = registry;
        this.clockMs = clockMs;
    }

    public void record(BudgetOverrun overrun) {
        List<String> rules = overrun.rules().isEmpty() ? List.of(UNKNOWN_RULE) : overrun.rules();
        for (String rule : rules) {
            counters.computeIfAbsent(rule, r -> Counter.builder("cascade.rule.budget.exceeded")
                    .description("Decisions whose rule ran past the evaluation budget and fell back to the default route")
                    .tag("rule", r).register(registry)).increment();
            long now = clockMs.getAsLong();
            Long last = lastLoggedMs.get(rule);
            if ((last == null || now - last >= LOG_INTERVAL_MS)
                    && (last == null ? lastLoggedMs.putIfAbsent(rule, now) == null : lastLoggedMs.replace(rule, last, now))) {
                LOG.warn("{} (further overruns of this rule are counted in cascade_rule_budget_exceeded_total, logged "
                        + "at most once a minute)", overrun.reason());
            }
        }
    }
}
