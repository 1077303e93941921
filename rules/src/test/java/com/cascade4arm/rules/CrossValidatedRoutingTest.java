package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.accuracy.AccuracyReport;
import com.cascade4arm.rules.accuracy.RouteAccuracy;
import com.cascade4arm.rules.score.LabelledPrompts;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The honest figure for the learned score: 5-fold cross-validation of the default rulebook on the labelled prompts —
 * each prompt routed with a model trained without it. Prints the table by category, language and traps. (The keyword
 * and fact rules were written with the whole set in view; UnseenPromptsTest checks prompts nothing was tuned on.)
 */
class CrossValidatedRoutingTest {

    // 96.5 % measured on 2,040 prompts (fresh sets 1-6 folded in) after round five's structure classes (95.8 % before);
    // leave-one-set-out (TuningRun) is the nearer estimate of a new set's first contact: 96.6 %.
    private static final double REQUIRED_ROUTE_ACCURACY = 0.95;
    /** Hard prompts sent small, the costly error, capped by issue 32 at 3 %: 0.9 % measured (1.5 % before round five). */
    private static final double MAX_HARD_SENT_SMALL = 0.03;
    private static final double REQUIRED_PER_LANGUAGE = 0.90;
    private static final double REQUIRED_PER_CATEGORY = 0.75;
    private static final double REQUIRED_SCORE_ACCURACY = 0.78;

    private static AccuracyReport report;

    @BeforeAll
    static void crossValidate() {
        report = RouteAccuracy.crossValidate(RoutingRulebook.defaults(), LabelledPrompts.bundled(),
                RouteAccuracy.DEFAULT_FOLDS);
        System.out.print(report.table("labelled prompts, 5-fold cross-validated"));
        report.misses().forEach(System.out::println);
    }

    @Test
    void routesHeldOutFoldsAccurately() {
        assertThat(report.all().routeAccuracy()).as("route accuracy").isGreaterThanOrEqualTo(REQUIRED_ROUTE_ACCURACY);
        assertThat(report.all().hardSentSmallRate()).as("hard sent small").isLessThanOrEqualTo(MAX_HARD_SENT_SMALL);
        assertThat(report.byCategory()).allSatisfy((category, row) -> assertThat(row.routeAccuracy())
                .as("route accuracy of %s", category).isGreaterThanOrEqualTo(REQUIRED_PER_CATEGORY));
    }

    /** Languages with this many prompts or more are held to the per-language bar; a folded set brings a few others. */
    private static final int MIN_PROMPTS_FOR_A_LANGUAGE_BAR = 100;

    @Test
    void routesGermanSpanishAndFrenchAsWellAsEnglish() {
        assertThat(report.byLanguage()).containsKeys("de", "en", "es", "fr", "it", "pt", "nl", "pl");
        assertThat(report.byLanguage()).allSatisfy((language, row) -> {
            if (row.count() >= MIN_PROMPTS_FOR_A_LANGUAGE_BAR) {
                assertThat(row.routeAccuracy()).as("route accuracy in %s", language)
                        .isGreaterThanOrEqualTo(REQUIRED_PER_LANGUAGE);
            }
        });
    }

    @Test
    void ranksTheLabelledCategoryFirstWithoutHavingSeenThePrompt() {
        assertThat(report.all().scoreAccuracy()).as("score accuracy").isGreaterThanOrEqualTo(REQUIRED_SCORE_ACCURACY);
    }
}
