package com.cascade4arm.rules.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.accuracy.AccuracyReport;
import com.cascade4arm.rules.accuracy.RouteAccuracy;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Route accuracy with and without the semantic fact: 5-fold cross-validation on the labelled prompts (category model
 * and semantic head both trained per fold) and fresh set 1 (bundled model and head). Prints the tables and the
 * figures rules/README.md ("Semantic fact") quotes.
 */
class SemanticFactAccuracyTest {
    private static final long NO_BUDGET = 60_000_000_000L; // accuracy, not latency: wait for every embedding
    private static final List<LabelledPrompt> LABELLED = LabelledPrompts.bundled();

    @Test
    void theSemanticRuleDoesNotLowerCrossValidatedAccuracy() {
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        AccuracyReport without = RouteAccuracy.crossValidate(rulebook, LABELLED, RouteAccuracy.DEFAULT_FOLDS);
        AccuracyReport with = RouteAccuracy.crossValidate(rulebook, LABELLED, RouteAccuracy.DEFAULT_FOLDS,
                training -> SemanticFact.of(EmbeddingCache.SHARED,
                        SemanticHeadTrainer.train(training, EmbeddingCache.SHARED), NO_BUDGET));
        System.out.print(without.table("labelled prompts, 5-fold CV, without the semantic fact"));
        System.out.print(with.table("labelled prompts, 5-fold CV, with the semantic fact"));
        with.misses().forEach(System.out::println);
        System.out.printf(Locale.ROOT, "CV route accuracy: without %.4f, with %.4f; head alone %.4f%n",
                without.all().routeAccuracy(), with.all().routeAccuracy(), headAloneCrossValidated());

        assertThat(with.all().routeAccuracy()).isGreaterThanOrEqualTo(without.all().routeAccuracy() - 0.003);
    }

    @Test
    void freshSetOneWithAndWithout() {
        List<LabelledPrompt> setOne = FreshSets.setOne();
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        AccuracyReport without = RouteAccuracy.measure(rulebook, setOne, CategoryModel.bundled());
        SemanticFact semantic = SemanticFact.of(EmbeddingCache.SHARED, SemanticHead.bundled(), NO_BUDGET);
        AccuracyReport with = RouteAccuracy.measure(rulebook, setOne, CategoryModel.bundled(), semantic);
        System.out.print(without.table("fresh set 1, without the semantic fact"));
        System.out.print(with.table("fresh set 1, with the semantic fact"));
        with.misses().forEach(System.out::println);
        long band = setOne.stream().filter(p -> semantic.wanted(PromptFactsExtractor.fromPrompt(p.prompt()))).count();
        int headRight = 0;
        for (LabelledPrompt p : setOne) {
            headRight += SemanticHead.bundled().largeProbability(EmbeddingCache.SHARED.embed(p.prompt())) >= 0.5
                    == "large".equals(p.route()) ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "set 1 route accuracy: without %.4f, with %.4f; head alone %.4f; "
                + "in the uncertain band %d of %d%n", without.all().routeAccuracy(), with.all().routeAccuracy(),
                headRight / (double) setOne.size(), band, setOne.size());
        thresholds(setOne);
        assertThat(with.all().routeAccuracy()).isGreaterThanOrEqualTo(without.all().routeAccuracy());
    }

    /**
     * The newest fresh set not folded into training (the highest-numbered fresh-set-N.json whose prompts training has
     * not all seen) with the semantic fact off and on, both printed in the same run as its first contact (FreshSetsTest
     * holds the off figure as its floor); prompts the training set also holds are left out. With every set folded in
     * (set 5 was, the next one being written blind), there is nothing to score and the test says so.
     */
    @Test
    void newestFreshSetWithAndWithout() {
        java.util.Set<String> training = new java.util.HashSet<>(LABELLED.stream().map(LabelledPrompt::prompt).toList());
        String file = FreshSets.newest();
        List<LabelledPrompt> unseen = FreshSets.read(file).stream().filter(p -> !training.contains(p.prompt())).toList();
        org.junit.jupiter.api.Assumptions.assumeFalse(unseen.isEmpty(),
                file + " is folded into training: no fresh set left to score until the next one arrives");
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        AccuracyReport without = RouteAccuracy.measure(rulebook, unseen, CategoryModel.bundled());
        AccuracyReport with = RouteAccuracy.measure(rulebook, unseen, CategoryModel.bundled(),
                SemanticFact.of(EmbeddingCache.SHARED, SemanticHead.bundled(), NO_BUDGET));
        System.out.print(without.table(file + ", semantic fact off (as shipped)"));
        System.out.print(with.table(file + ", semantic fact on"));
        with.misses().forEach(miss -> System.out.println("semantic on: " + miss));
    }

    /** The rule's threshold on the sum of the two P(large), tried on cross-validation (what it was chosen on) and set 1. */
    private static void thresholds(List<LabelledPrompt> setOne) {
        for (String threshold : List.of("1.0", "1.1", "1.2", "1.3")) {
            Map<String, String> files = new LinkedHashMap<>(BundledRules.load());
            files.put("semantic-score.drl", files.get("semantic-score.drl")
                    .replace("semanticLargeScore + largeScore > 1.2", "semanticLargeScore + largeScore > " + threshold));
            RoutingRulebook rulebook = RoutingRulebook.compile(files);
            AccuracyReport cv = RouteAccuracy.crossValidate(rulebook, LABELLED, RouteAccuracy.DEFAULT_FOLDS,
                    training -> SemanticFact.of(EmbeddingCache.SHARED,
                            SemanticHeadTrainer.train(training, EmbeddingCache.SHARED), NO_BUDGET));
            AccuracyReport one = RouteAccuracy.measure(rulebook, setOne, CategoryModel.bundled(),
                    SemanticFact.of(EmbeddingCache.SHARED, SemanticHead.bundled(), NO_BUDGET));
            System.out.printf(Locale.ROOT, "threshold %s: CV %.4f, set 1 %.4f%n", threshold,
                    cv.all().routeAccuracy(), one.all().routeAccuracy());
        }
    }

    private static double headAloneCrossValidated() {
        int right = 0;
        int folds = RouteAccuracy.DEFAULT_FOLDS;
        for (int fold = 0; fold < folds; fold++) {
            List<LabelledPrompt> training = new java.util.ArrayList<>();
            List<LabelledPrompt> heldOut = new java.util.ArrayList<>();
            for (int i = 0; i < LABELLED.size(); i++) {
                (i % folds == fold ? heldOut : training).add(LABELLED.get(i));
            }
            SemanticHead head = SemanticHeadTrainer.train(training, EmbeddingCache.SHARED);
            for (LabelledPrompt p : heldOut) {
                right += head.largeProbability(EmbeddingCache.SHARED.embed(p.prompt())) >= 0.5
                        == "large".equals(p.route()) ? 1 : 0;
            }
        }
        return right / (double) LABELLED.size();
    }
}
