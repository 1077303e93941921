package com.cascade4arm.rules.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.engine.BundledRules;
import java.util.HashMap;
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
}
