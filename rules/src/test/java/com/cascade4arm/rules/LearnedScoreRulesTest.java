package com.cascade4arm.rules;

import static com.cascade4arm.rules.RoutingBoundariesTest.assertDecision;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.TestModels;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The learned score's two bands (learned-score.drl): 0.7 settles the category before the keyword lists, 0.5 beats the
 * question-word lists; below that the lists decide. Models with chosen probabilities sit exactly on the thresholds.
 */
class LearnedScoreRulesTest {

    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();

    /** "Compare" is an analysis keyword (40): only a confident score (0.7) takes the category before it. */
    @ParameterizedTest(name = "[{index}] everyday {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0.699 | analysis | category keywords: comparing and evaluating mean analysis; category routing: analysis goes large
            0.7   | everyday | learned score: a confident everyday score settles the category; category routing: everyday stays small
            0.95  | everyday | learned score: a confident everyday score settles the category; category routing: everyday stays small
            """)
    void settlesTheCategoryBeforeTheKeywordListsFromAScoreOf70Percent(double everyday, String category, String fired) {
        RoutingDecision decision = decide("Compare these two birthday card texts for my aunt.", "everyday", everyday);

        assertDecision(decision, category.equals("everyday") ? "small" : "large", RoutingBoundariesTest.firedRules(fired)
                .get(1), fired);
        assertThat(decision.category()).isEqualTo(category);
    }

    /** "What ...?" is a factual question word (20): a likely analysis score (0.5) comes first. */
    @ParameterizedTest(name = "[{index}] analysis {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0.499 | factual  | category keywords: impersonal wh-questions ask for a fact; learned score: an unsure prompt more likely hard than easy goes large
            0.5   | analysis | learned score: likely analysis prompts need analysis; category routing: analysis goes large
            0.699 | analysis | learned score: likely analysis prompts need analysis; category routing: analysis goes large
            """)
    void beatsTheQuestionWordListsFromAScoreOf50Percent(double analysis, String category, String fired) {
        RoutingDecision decision = decide("What are the hidden costs of fast fashion?", "analysis", analysis);

        // Large either way: at 0.499 the category is factual, but the three large categories share 0.749 (largeScore).
        assertDecision(decision, "large", RoutingBoundariesTest.firedRules(fired).get(1), fired);
        assertThat(decision.category()).isEqualTo(category);
    }

    @Test
    void leavesUnmatchedPromptsEverydayWhenNoCategoryIsLikely() {
        RoutingDecision decision = decide("la la la", "everyday", 0.45);

        assertDecision(decision, "small", "category routing: everyday stays small",
                "category keywords: anything unmatched is everyday; category routing: everyday stays small");
    }

    /** The asymmetric threshold: an unsure prompt goes large when the large categories together score above 0.6. */
    @ParameterizedTest(name = "[{index}] reasoning {0}, code {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            0.45 | 0.15  | small | category keywords: anything unmatched is everyday; category routing: everyday stays small
            0.45 | 0.151 | large | category keywords: anything unmatched is everyday; learned score: an unsure prompt more likely hard than easy goes large
            """)
    void sendsAnUnsurePromptLargeWhenTheLargeCategoriesTogetherScoreAbove60Percent(double reasoning, double code,
                                                                                    String route, String fired) {
        CategoryModel model = TestModels.withProbabilities(Map.of("reasoning", reasoning, "code", code, "analysis", 0.0001,
                "factual", 0.2));
        PromptFacts facts = PromptFactsExtractor.fromPrompt("la la la", model);
        RoutingDecision decision = RULEBOOK.decide(facts);

        assertThat(facts.getLargeScore()).isCloseTo(reasoning + code, within(0.0011));
        assertDecision(decision, route, RoutingBoundariesTest.firedRules(fired).get(1), fired);
        assertThat(decision.category()).isEqualTo("everyday");
    }

    @Test
    void neverOverridesCodeSyntax() {
        RoutingDecision decision = decide("fix: while x < 10 x += 1", "everyday", 0.99);

        assertThat(decision.category()).isEqualTo("code");
        assertThat(decision.firedRules()).containsExactly("code markers: inline code goes large");
    }

    @Test
    void statesTheScoreInTheCategoryReason() {
        RoutingDecision decision = decide("Compare these two birthday card texts for my aunt.", "everyday", 0.93);

        assertThat(decision.categoryReason()).isEqualTo("the learned score is confident (0.93) that it is an everyday request");
    }

    /** The prompts issue 19 reported as misrouted, each routed by the bundled model and the default rulebook. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Who invented the JavaScript language?                              | small
            What does SQL stand for?                                           | small
            A meeting starts at 9:40 and runs 2 h 50 min. When does it end?    | large
            fix: while x < 10 x += 1                                           | large
            Warum fallen Blätter im Herbst? Erkläre es Schritt für Schritt.    | large
            ¿Por qué el cielo es azul? Explícalo paso a paso.                  | large
            """)
    void bundledScoreRoutesTheIssuesMisroutedExamples(String prompt, String route) {
        assertThat(RULEBOOK.decide(PromptFactsExtractor.fromPrompt(prompt)).route()).isEqualTo(route);
    }

    private static RoutingDecision decide(String prompt, String category, double probability) {
        CategoryModel model = TestModels.withProbabilities(Map.of(category, probability));
        PromptFacts facts = PromptFactsExtractor.fromPrompt(prompt, model);
        assertThat(facts.getTopScore()).as("top score").isCloseTo(Math.max(probability, (1 - probability) / 4), within(1e-9));
        return RULEBOOK.decide(facts);
    }
}
