package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.accuracy.AccuracyReport;
import com.cascade4arm.rules.accuracy.RouteAccuracy;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The project's labelled prompts: what the set holds, and how the default rulebook routes it — with the bundled model,
 * which has seen every prompt (an in-sample figure; CrossValidatedRoutingTest gives the honest one).
 */
class LabelledPromptsTest {

    private static final List<LabelledPrompt> PROMPTS = LabelledPrompts.bundled();
    private static final int MIN_PROMPTS = 600;
    private static final int MIN_PER_CATEGORY = 100;
    private static final int MIN_PER_OTHER_LANGUAGE = 100;
    private static final int MIN_TRAPS = 60;
    /** Prompts of this many characters or more go large by length whatever their category (length-routing.drl). */
    private static final int LONG_PROMPT_CHARS = 1_200;
    /** A text handed over to transform goes large by length from 1,500 tokens (length-routing.drl). */
    private static final int LONG_GIVEN_TEXT_CHARS = 6_000;
    private static final double REQUIRED_IN_SAMPLE_ROUTE_ACCURACY = 0.98;

    @Test
    void holdsSixHundredPromptsInFiveCategoriesAndFourLanguagesWithTraps() {
        Map<String, Long> byCategory = PROMPTS.stream().collect(Collectors.groupingBy(LabelledPrompt::category,
                Collectors.counting()));
        Map<String, Long> byLanguage = PROMPTS.stream().collect(Collectors.groupingBy(LabelledPrompt::language,
                Collectors.counting()));

        assertThat(PROMPTS).hasSizeGreaterThanOrEqualTo(MIN_PROMPTS);
        assertThat(byCategory).containsOnlyKeys(LabelledPrompts.CATEGORIES)
                .allSatisfy((category, count) -> assertThat(count).as(category).isGreaterThanOrEqualTo(MIN_PER_CATEGORY));
        assertThat(byLanguage).containsKeys("en", "de", "es", "fr", "it", "pt", "nl", "pl");
        List.of("en", "de", "es", "fr").forEach(language ->
                assertThat(byLanguage.get(language)).as(language).isGreaterThanOrEqualTo(MIN_PER_OTHER_LANGUAGE));
        assertThat(PROMPTS.stream().filter(LabelledPrompt::trap).count()).as("trap prompts")
                .isGreaterThanOrEqualTo(MIN_TRAPS);
        assertThat(PROMPTS.stream().map(LabelledPrompt::prompt).distinct().count()).as("distinct prompts")
                .isEqualTo(PROMPTS.size());
    }

    /**
     * Light categories go small, demanding ones large; only a long prompt goes large whatever it asks — unless it hands
     * over a text to summarize, translate, rewrite or extract from, which is easy however long (up to 1,500 tokens).
     */
    @Test
    void labelsRoutesByCategoryExceptForLongPrompts() {
        assertThat(PROMPTS).allSatisfy(p -> {
            boolean light = p.category().equals("factual") || p.category().equals("everyday");
            boolean withinReach = p.prompt().length() < LONG_PROMPT_CHARS || p.prompt().length() < LONG_GIVEN_TEXT_CHARS
                    && !PromptFactsExtractor.fromPrompt(p.prompt(), CategoryModel.uniform()).getGivenTextTask().isEmpty();
            String expected = light && withinReach ? "small" : "large";
            assertThat(p.route()).as("route of: %s", p.prompt()).isEqualTo(expected);
        });
    }

    @Test
    void routesTheLabelledPromptsItWasTrainedOn() {
        AccuracyReport report = RouteAccuracy.measure(RoutingRulebook.defaults(), PROMPTS, CategoryModel.bundled());
        System.out.print(report.table("labelled prompts, in-sample (the bundled model has seen them all)"));
        report.misses().forEach(System.out::println);

        assertThat(report.all().routeAccuracy()).as("route accuracy; misses:%n%s", String.join("\n", report.misses()))
                .isGreaterThanOrEqualTo(REQUIRED_IN_SAMPLE_ROUTE_ACCURACY);
    }
}
