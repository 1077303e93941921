package com.cascade4arm.rules.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kie.api.KieBase;

/**
 * The plain-Java evaluators of the keyword constraints decide exactly as Drools' own: every labelled prompt, the fresh
 * sets, the held-out prompts and a few edge cases go through the bundled rulebook compiled both ways, and every decision (route, rules,
 * category, reasons, fired rules) must be equal.
 */
class KeywordConstraintsTest {

    private static Map<String, String> bundled;
    private static KieBase drools;
    private static KieBase java;
    private static ReusableSessions droolsSessions;
    private static ReusableSessions javaSessions;

    @BeforeAll
    static void compileBothWays() {
        bundled = BundledRules.load();
        drools = RulebookCompiler.compileWithDroolsEvaluators(bundled);
        java = RulebookCompiler.compileWithDroolsEvaluators(bundled);
        KeywordConstraints.install(java);
        droolsSessions = new ReusableSessions(drools);
        javaSessions = new ReusableSessions(java);
    }

    @Test
    void takesOverTheKeywordAndPhraseLists() {
        KieBase fresh = RulebookCompiler.compileWithDroolsEvaluators(bundled);

        int installed = KeywordConstraints.install(fresh);

        // The bundled DRL's keyword and phrase constraints: far more than a handful, each one the Java evaluator's now.
        assertThat(installed).isGreaterThan(40);
        assertThat(KeywordConstraints.install(RulebookCompiler.compileWithDroolsEvaluators(Map.of("only-numbers.drl", """
                package com.cascade4arm.rules;
                import com.cascade4arm.rules.facts.PromptFacts;
                import com.cascade4arm.rules.decision.Decision;
                rule "numbers"
                when PromptFacts( wordCount > 3 || charCount > 40 ) $d : Decision( route == null )
                then modify($d) { routeLarge("many words") }
                end
                """)))).as("a constraint that is not made of contains checks stays Drools'").isZero();
    }

    @Test
    void decidesEveryLabelledPromptAsDroolsDoes() throws IOException {
        List<String> prompts = new ArrayList<>(LabelledPrompts.bundled().stream().map(LabelledPrompt::prompt).toList());
        for (int set = 1; set <= 8; set++) {
            prompts.addAll(promptsIn("com/cascade4arm/rules/fresh-sets/fresh-set-" + set + ".json"));
        }
        prompts.addAll(promptsIn("com/cascade4arm/rules/held-out-prompts.json"));
        prompts.addAll(List.of("", "?", "What is the dress code for a wedding?", "Write code for a zip code lookup in C++",
                "Explain it step by step", "hi", "x".repeat(32_000), "why ".repeat(8_000),
                "The council met to discuss the old railway station. ".repeat(40)));

        int differing = 0;
        List<String> examples = new ArrayList<>();
        for (String prompt : prompts) {
            PromptFacts facts = PromptFactsExtractor.fromPrompt(prompt);
            RoutingDecision expected = decide(droolsSessions, facts);
            RoutingDecision actual = decide(javaSessions, facts);
            if (!expected.equals(actual)) {
                differing++;
                if (examples.size() < 5) {
                    examples.add(prompt + "\n  drools: " + expected + "\n  java:   " + actual);
                }
            }
        }

        assertThat(prompts).hasSizeGreaterThan(4_000);
        assertThat(differing).as("decisions that differ, e.g.\n%s", String.join("\n", examples)).isZero();
    }

    /** The "prompt" of every entry of a JSON array on the test classpath. */
    private static List<String> promptsIn(String resource) throws IOException {
        try (InputStream in = KeywordConstraintsTest.class.getClassLoader().getResourceAsStream(resource)) {
            List<String> prompts = new ArrayList<>();
            new ObjectMapper().readTree(in).forEach(entry -> prompts.add(entry.get("prompt").asText()));
            return prompts;
        }
    }

    private static RoutingDecision decide(ReusableSessions sessions, PromptFacts facts) {
        Decision decision = new Decision();
        try (ReusableSessions.Lease lease = sessions.lease(decision)) {
            int fired = lease.fire(RoutingRulebook.FIRE_LIMIT, facts, decision);
            return lease.recorder().outcome(fired >= RoutingRulebook.FIRE_LIMIT);
        }
    }
}
