package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.rules.RoutingRulebook;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A dry-run stops between prompts when its client leaves or its time budget is spent, and counts slow decisions. */
class DryRunLimitsTest {
    private static final RoutingRulebook RULES = RoutingRulebook.defaults();
    private static final long NO_DEADLINE = TimeUnit.HOURS.toNanos(1);

    @Test
    void stopsWhenTheClientGoes() {
        AtomicInteger asked = new AtomicInteger();
        DryRun.Limits limits = new DryRun.Limits(System.nanoTime() + NO_DEADLINE, NO_DEADLINE, NO_DEADLINE,
                () -> asked.incrementAndGet() > 3);

        assertThatThrownBy(() -> DryRun.run(RULES, 1, RULES, PromptSuite.load().all(), List.of(), List.of(), limits))
                .isInstanceOfSatisfying(DryRun.DryRunStopped.class, e -> {
                    assertThat(e.timedOut()).isFalse();
                    assertThat(e.getMessage()).contains("after 3 of 50 prompts");
                });
    }

    @Test
    void stopsWhenItsTimeBudgetIsSpent() {
        DryRun.Limits limits = new DryRun.Limits(System.nanoTime() - 1, NO_DEADLINE, NO_DEADLINE, () -> false);

        assertThatThrownBy(() -> DryRun.run(RULES, 1, RULES, PromptSuite.load().all(), List.of("extra"), List.of(), limits))
                .isInstanceOfSatisfying(DryRun.DryRunStopped.class, e -> assertThat(e.timedOut()).isTrue());
    }

    @Test
    void listsDecisionsOverTheBudget() {
        DryRun.Limits limits = new DryRun.Limits(System.nanoTime() + NO_DEADLINE, -1, NO_DEADLINE, () -> false);

        DryRun.Report report = DryRun.run(RULES, 1, RULES, PromptSuite.load().all().subList(0, 2), List.of("x"), List.of(), limits);

        assertThat(report.overBudget()).as("every decision exceeds a negative budget").containsExactly(
                report.results().get(0).id(), report.results().get(1).id(), "extra-1");
    }
}
