package com.cascade4arm.rules.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.engine.BundledRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Candidates are timed at the prompt cap before they may serve; a slow rule is named with its line. */
class EvaluationBudgetTest {

    private static final String SLOW_RULE = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;

            rule "slow: a hundred letters then x"
            when
                PromptFacts( matchedPatterns contains "[a-z]{100}x" )
                $d : Decision()
            then
                modify($d) { routeLarge("a long run of letters") }
            end
            """;

    @Test
    void theBundledRulesAreWithinTheBudget() {
        EvaluationBudget.check(BundledRules.load(), EvaluationBudget.DEFAULT_BUDGET_MICROS);
    }

    @Test
    void aRuleOverTheBudgetIsNamedWithItsLine() {
        Map<String, String> files = new HashMap<>(BundledRules.load());
        files.put("slow-patterns.drl", SLOW_RULE);
        SafeRulebooks.compile(files);

        assertThatThrownBy(() -> EvaluationBudget.check(files, EvaluationBudget.DEFAULT_BUDGET_MICROS))
                .isInstanceOfSatisfying(RulebookCompileException.class, e -> {
                    assertThat(e.problems()).singleElement().satisfies(problem -> {
                        assertThat(problem.file()).isEqualTo("slow-patterns.drl");
                        assertThat(problem.line()).isEqualTo(7);
                        assertThat(problem.message()).contains("rule \"slow: a hundred letters then x\"")
                                .contains("over the budget of 0.50 ms").contains("matchedPatterns contains \"[a-z]{100}x\"");
                    });
                });
    }

    @Test
    void aCheapPatternPasses() {
        Map<String, String> files = Map.of("cheap-patterns.drl", SLOW_RULE.replace("[a-z]{100}x", "zq.*.*.*.*x"));
        EvaluationBudget.check(files, EvaluationBudget.DEFAULT_BUDGET_MICROS);
    }

    @Test
    void aStallDuringOneTimingDoesNotRefuseACheapRule() {
        Map<String, String> files = Map.of("cheap-patterns.drl", SLOW_RULE.replace("[a-z]{100}x", "zq.*.*.*.*x"));
        List<Long> played = new ArrayList<>(List.of(790L, 790L, 20L)); // a stall spanning two timings, then the real cost
        List<Long> timed = new ArrayList<>();
        EvaluationBudget.check(files, EvaluationBudget.DEFAULT_BUDGET_MICROS, operations -> {
            timed.add(played.get(0));
            return Map.of(operations.get(0), played.remove(0));
        });
        assertThat(timed).containsExactly(790L, 790L, 20L);
    }

    @Test
    void aRuleOverTheBudgetInEveryTimingIsRefusedWithItsFastestCost() {
        Map<String, String> files = Map.of("slow-patterns.drl", SLOW_RULE);
        List<Long> played = new ArrayList<>(List.of(30_000L, 25_000L, 27_000L));
        assertThatThrownBy(() -> EvaluationBudget.check(files, EvaluationBudget.DEFAULT_BUDGET_MICROS,
                operations -> Map.of(operations.get(0), played.remove(0))))
                .isInstanceOfSatisfying(RulebookCompileException.class, e -> assertThat(e.problems()).singleElement()
                        .satisfies(problem -> assertThat(problem.message()).contains("take 25.00 ms per decision")));
        assertThat(played).as("every timing was used").isEmpty();
    }

    @Test
    void theShippedRulebookIsNotTimedSoABusyMachineCannotRefuseARollbackToIt() {
        List<Integer> timings = new ArrayList<>();
        EvaluationBudget.check(BundledRules.load(), EvaluationBudget.DEFAULT_BUDGET_MICROS, operations -> {
            timings.add(operations.size());
            return Map.of(operations.get(0), 900L); // what a stall would measure
        });
        assertThat(timings).as("timings of the shipped rulebook").isEmpty();

        Map<String, String> edited = new java.util.LinkedHashMap<>(BundledRules.load());
        edited.computeIfPresent("question-shape.drl", (name, text) -> text + "\n// an operator's comment\n");
        assertThatThrownBy(() -> EvaluationBudget.check(edited, EvaluationBudget.DEFAULT_BUDGET_MICROS,
                operations -> Map.of(operations.get(0), 900L)))
                .as("an edited copy is timed like any candidate").isInstanceOf(RulebookCompileException.class);
    }
}
