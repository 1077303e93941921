package com.cascade4arm.rules.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.EvaluationDeadline;
import com.cascade4arm.rules.facts.Phrases;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kie.api.KieBase;

/**
 * Runs of {@code words contains} and {@code phrases contains} disjuncts answered from the message's word bits
 * ({@link WordIds}) decide as Drools' own evaluators do: phrases with punctuation, case, numbers, no words or one word,
 * runs that mix words and phrases, negations — and, on a message long enough to time a phrase scan, the DRL's order
 * (which phrase ran out of the budget first).
 */
class KeywordRunsTest {

    /** A budget no condition here comes near. */
    private static final long AMPLE = 10_000_000_000L;

    private static final String HEADER = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;
            """;

    /** Each rule names a category of its own, so a decision shows which runs matched (salience keeps them apart). */
    private static final String EDGE_RULES = HEADER + """
            rule "mixed run"
                salience 30
            when
                PromptFacts( words contains "python" || phrases contains "step by step" || phrases contains "Trade-Off"
                          || words contains "why" || phrases contains "for loop" || phrases contains "C++"
                          || phrases contains "" || phrases contains "?!" || phrases contains "3.5 is"
                          || words contains "Why" || phrases contains "über straße" )
                $d : Decision( category == null )
            then
                modify($d) { assignCategory("code", "mixed") }
            end

            rule "negated phrases beside a word"
                salience 20
            when
                PromptFacts( words contains "code" && phrases not contains "dress code" && phrases not contains "zip code"
                          || numberCount >= 2 && ( phrases contains "how many" || words contains "total" ) )
                $d : Decision( category == null )
            then
                modify($d) { assignCategory("reasoning", "negated") }
            end

            rule "phrases only"
                salience 10
            when
                PromptFacts( phrases contains "what is" || phrases contains "what s" || phrases contains "qu est ce que"
                          || phrases contains "big o" )
                $d : Decision( category == null )
            then
                modify($d) { assignCategory("factual", "phrases") }
            end
            """;

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "?!", "Write a for loop in Go", "Is a for-loop faster?", "What are for loops?",
            "Explain it STEP   BY step, please", "Is a trade-off worth it?", "tradeoff", "I like C++ and c#",
            "The value 3.5 is a float", "The value 13.5 is a float", "WHY?", "Über Straße", "uber strasse",
            "What's the dress code?", "Write code for a zip code", "Write some code", "The total of 3 and 4",
            "How many apples, 3 or 4?", "how many", "Qu'est-ce que c'est ?", "What is big O notation?",
            "A big order arrived", "python", "what"})
    void decidesEdgeCasesAsDrools(String prompt) {
        Map<String, String> files = Map.of("edge-runs.drl", EDGE_RULES);
        KieBase drools = RulebookCompiler.compileWithDroolsEvaluators(files);
        KieBase java = RulebookCompiler.compileWithDroolsEvaluators(files);
        assertThat(KeywordConstraints.install(java)).isEqualTo(3);
        PromptFacts facts = PromptFactsExtractor.fromPrompt(prompt);

        assertThat(decide(new ReusableSessions(java), facts, AMPLE))
                .isEqualTo(decide(new ReusableSessions(drools), facts, AMPLE));
    }

    @Test
    void edgeCasesMatchWhatTheyShould() {
        ReusableSessions java = new ReusableSessions(RulebookCompiler.compile(Map.of("edge-runs.drl", EDGE_RULES)));

        // The answers themselves, so the comparison above cannot pass by both sides being wrong the same way.
        assertThat(category(java, "Is a for-loop faster?")).isEqualTo("code");
        assertThat(category(java, "I like C++")).as("\"C++\" is the phrase \"c\"").isEqualTo("code");
        assertThat(category(java, "WHY?")).isEqualTo("code");
        assertThat(category(java, "What are for loops?")).isNull();
        assertThat(category(java, "?!")).isNull();
        assertThat(category(java, "What's the dress code?")).isEqualTo("factual");
        assertThat(category(java, "Write some code")).isEqualTo("reasoning");
        assertThat(category(java, "How many apples, 3 or 4?")).isEqualTo("reasoning");
        assertThat(category(java, "A big order arrived")).isNull();
    }

    /**
     * A message of 16,000 words makes a 13-word phrase's scan long enough to be timed: with the budget spent, that
     * phrase (checked first in the DRL) records the overrun even though a word later in the same run matches.
     */
    @Test
    void keepsTheDrlOrderWhereAPhraseScanIsTimed() {
        String phrase = "b a b a b a b a b a b a a"; // all its words are in the message, the phrase is not
        Map<String, String> files = Map.of("timed-run.drl", HEADER + """
                rule "long phrase, then a word"
                when
                    PromptFacts( phrases contains "%s" || words contains "a" || phrases contains "a b" )
                    $d : Decision( route == null )
                then
                    modify($d) { routeLarge("matched") }
                end
                """.formatted(phrase));
        ReusableSessions drools = new ReusableSessions(RulebookCompiler.compileWithDroolsEvaluators(files));
        ReusableSessions java = new ReusableSessions(RulebookCompiler.compile(files));
        PromptFacts facts = PromptFactsExtractor.fromPrompt("a b ".repeat(8_000));
        assertThat(facts.getPhrases().mayTimeScan(Phrases.split(phrase))).isTrue();

        Outcome spent = decide(java, facts, 0);
        Outcome ample = decide(java, facts, AMPLE);

        assertThat(spent).isEqualTo(decide(drools, facts, 0));
        assertThat(spent.exceededBy()).isEqualTo(phrase);
        assertThat(ample).isEqualTo(decide(drools, facts, AMPLE));
        assertThat(ample.exceededBy()).isNull();
        assertThat(ample.decision().route()).isEqualTo(Decision.LARGE);
    }

    @Test
    void aFactsObjectDecidedAgainOrAnotherInBetweenKeepsItsOwnWords() {
        ReusableSessions java = new ReusableSessions(RulebookCompiler.compile(Map.of("edge-runs.drl", EDGE_RULES)));
        PromptFacts loop = PromptFactsExtractor.fromPrompt("Write a for loop");
        PromptFacts plain = PromptFactsExtractor.fromPrompt("Write a poem");

        List<String> categories = List.of(loop, plain, loop, loop, plain).stream()
                .map(facts -> String.valueOf(decide(java, facts, AMPLE).decision().category()))
                .toList();

        assertThat(categories).containsExactly("code", "null", "code", "code", "null");
    }

    private static String category(ReusableSessions sessions, String prompt) {
        return decide(sessions, PromptFactsExtractor.fromPrompt(prompt), AMPLE).decision().category();
    }

    /** One decision under a budget (as RoutingRulebook.decide opens it), with the condition that ran out of it. */
    private static Outcome decide(ReusableSessions sessions, PromptFacts facts, long budgetNanos) {
        Decision decision = new Decision();
        try (ReusableSessions.Lease lease = sessions.lease(decision);
             EvaluationDeadline deadline = EvaluationDeadline.open(budgetNanos)) {
            int fired = lease.fire(RoutingRulebook.FIRE_LIMIT, facts, decision);
            return new Outcome(lease.recorder().outcome(fired >= RoutingRulebook.FIRE_LIMIT), deadline.exceededBy());
        }
    }

    private record Outcome(RoutingDecision decision, String exceededBy) {
    }
}
