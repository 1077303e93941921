package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.safety.EvaluationBudget;
import com.cascade4arm.rules.safety.SafeRulebooks;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The run-time cap on a decision's text conditions: a pattern the vetting's stress prompts cannot catch ({@code
 * Ж[^a]{1000}x} is cheap on all nine, about half a second on 32,000 'Ж') is stopped at the budget, and the decision is
 * the default route with a reason naming the rule.
 */
class EvaluationDeadlineTest {

    static final String EVASIVE = "Ж[^a]{1000}x";
    /** Two hundred 'ж' then 'я': every word is in 'ж ж … ю я', so the phrase is looked for at each of 16,000 words. */
    static final String EVASIVE_PHRASE = "ж ".repeat(200) + "я";
    static final String DRL = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;

            rule "evasive: a Zhe then a thousand non-a"
            when
                PromptFacts( matchedPatterns contains "%s" )
                $d : Decision()
            then
                modify($d) { routeLarge("Zhe and a thousand more") }
            end

            rule "evasive: phrase"
            when
                PromptFacts( phrases contains "%s" )
                $d : Decision()
            then
                modify($d) { routeLarge("many Zhe words") }
            end
            """.formatted(EVASIVE, EVASIVE_PHRASE);
    static final int CAP_CHARS = 32_000;
    /** The budget of these tests, in ms, and what a decision may take beyond it (a busy shared machine). */
    static final long BUDGET_MS = 10;
    static final long SLACK_MS = 40;

    private static final RoutingRulebook RULES = SafeRulebooks.compile(Map.of("evasive.drl", DRL));

    @Test
    void thePatternPassesTheVettingSoOnlyTheRunTimeCapCanStopIt() {
        EvaluationBudget.check(Map.of("evasive.drl", DRL), EvaluationBudget.DEFAULT_BUDGET_MICROS);
    }

    @Test
    void aPatternPastTheBudgetIsStoppedAndTheDefaultRouteServes() {
        PromptFacts facts = PromptFactsExtractor.fromPrompt("Ж".repeat(CAP_CHARS));
        RULES.decide(facts, BUDGET_MS * 1_000_000); // warm
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long startCpu = threads.getCurrentThreadCpuTime();
        RoutingDecision decision = RULES.decide(facts, BUDGET_MS * 1_000_000);
        long cpuMs = (threads.getCurrentThreadCpuTime() - startCpu) / 1_000_000;
        System.out.printf("decision on 'Ж' x %d with %s: %d ms CPU, %d ms wall (budget %d ms)%n", CAP_CHARS, EVASIVE,
                cpuMs, (System.nanoTime() - start) / 1_000_000, BUDGET_MS);
        // CPU time: what the event loop is kept from others; the wall time adds a busy machine's waits for a core.
        assertThat(cpuMs).as("CPU ms to decide (budget %d ms)", BUDGET_MS).isLessThan(BUDGET_MS + SLACK_MS);
        assertThat(decision.route()).isEqualTo("small");
        assertThat(decision.ruleName()).isEqualTo("default");
        assertThat(decision.firedRules()).isEmpty();
        assertThat(decision.budgetOverrun()).isNotNull();
        assertThat(decision.budgetOverrun().rules()).containsExactly("evasive: a Zhe then a thousand non-a");
        assertThat(decision.reason()).contains("rule \"evasive: a Zhe then a thousand non-a\"")
                .contains("evaluation budget of 10.0 ms").contains("default route");
    }

    @Test
    void aPhraseScanPastTheBudgetIsStoppedToo() {
        PromptFacts facts = PromptFactsExtractor.fromPrompt("ж ".repeat(CAP_CHARS / 2 - 2) + "ю я");
        RoutingDecision decision = RULES.decide(facts, 1_000_000);
        assertThat(decision.ruleName()).isEqualTo("default");
        assertThat(decision.budgetOverrun()).isNotNull();
        assertThat(decision.budgetOverrun().condition()).isEqualTo(EVASIVE_PHRASE);
        assertThat(decision.budgetOverrun().rules()).containsExactly("evasive: phrase");
    }

    @Test
    void withinTheBudgetTheRulesDecideAsBefore() {
        RoutingDecision decision = RULES.decide(PromptFactsExtractor.fromPrompt("Ж" + "b".repeat(1_000) + "x"));
        assertThat(decision.ruleName()).isEqualTo("evasive: a Zhe then a thousand non-a");
        assertThat(decision.budgetOverrun()).isNull();
        assertThat(decision.route()).isEqualTo("large");
    }
}
