package com.cascade4arm.rules.accuracy;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import com.cascade4arm.rules.semantic.SemanticFact;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Measures how a rulebook routes labelled prompts. {@link #measure} scores with one category model — the bundled one
 * has seen every labelled prompt, so its figure is optimistic; {@link #crossValidate} trains a model per fold on the
 * other folds and routes only the held-out prompts, which is the honest figure for the learned score.
 */
public final class RouteAccuracy {

    /** Folds of {@link #crossValidate}: each prompt is held out once. */
    public static final int DEFAULT_FOLDS = 5;

    private static final AccuracyReport.Row NONE = AccuracyReport.Row.NONE;

    private final Map<String, AccuracyReport.Row> byCategory = new LinkedHashMap<>();
    private final Map<String, AccuracyReport.Row> byLanguage = new TreeMap<>();
    private final List<String> misses = new ArrayList<>();
    private AccuracyReport.Row all = NONE;
    private AccuracyReport.Row traps = NONE;

    private RouteAccuracy() {
        LabelledPrompts.CATEGORIES.forEach(category -> byCategory.put(category, NONE));
    }

    /** Routes every prompt with {@code rulebook}, scoring with {@code model}. */
    public static AccuracyReport measure(RoutingRulebook rulebook, List<LabelledPrompt> prompts, CategoryModel model) {
        return measure(rulebook, prompts, model, SemanticFact.off());
    }

    /** Routes every prompt with {@code rulebook}, scoring with {@code model} and adding the semantic fact. */
    public static AccuracyReport measure(RoutingRulebook rulebook, List<LabelledPrompt> prompts, CategoryModel model,
                                         SemanticFact semantic) {
        RouteAccuracy accuracy = new RouteAccuracy();
        prompts.forEach(prompt -> accuracy.add(prompt, rulebook, model, semantic));
        return accuracy.report();
    }

    /**
     * k-fold cross-validation: prompt i belongs to fold i mod k (the set is ordered by category and language, so the
     * folds are stratified); each fold is routed with a model trained on the other k - 1 folds.
     */
    public static AccuracyReport crossValidate(RoutingRulebook rulebook, List<LabelledPrompt> prompts, int folds) {
        return crossValidate(rulebook, prompts, folds, training -> SemanticFact.off());
    }

    /**
     * {@link #crossValidate(RoutingRulebook, List, int)} with a semantic fact per fold: {@code semanticFor} gets the
     * fold's training prompts (to train a head on them) and returns the source for its held-out prompts.
     */
    public static AccuracyReport crossValidate(RoutingRulebook rulebook, List<LabelledPrompt> prompts, int folds,
                                               Function<List<LabelledPrompt>, SemanticFact> semanticFor) {
        if (folds < 2 || folds > prompts.size()) {
            throw new IllegalArgumentException("folds must be between 2 and " + prompts.size() + ", but was " + folds);
        }
        RouteAccuracy accuracy = new RouteAccuracy();
        for (int fold = 0; fold < folds; fold++) {
            List<LabelledPrompt> training = new ArrayList<>();
            List<LabelledPrompt> heldOut = new ArrayList<>();
            for (int i = 0; i < prompts.size(); i++) {
                (i % folds == fold ? heldOut : training).add(prompts.get(i));
            }
            CategoryModel model = CategoryModel.train(training);
            SemanticFact semantic = semanticFor.apply(training);
            heldOut.forEach(prompt -> accuracy.add(prompt, rulebook, model, semantic));
        }
        return accuracy.report();
    }

    /**
     * Leave-one-set-out: the prompts whose {@code source} is {@code set} are routed with a category model (and a
     * semantic fact) trained on every other prompt — the set arrives as it did on first contact, as far as the learned
     * parts go. The rules were written with every set in view, so it still flatters them, less than k-fold CV does.
     */
    public static AccuracyReport leaveSetOut(RoutingRulebook rulebook, List<LabelledPrompt> prompts, String set,
                                             Function<List<LabelledPrompt>, SemanticFact> semanticFor) {
        RouteAccuracy accuracy = new RouteAccuracy();
        accuracy.holdOutSet(rulebook, prompts, set, semanticFor);
        return accuracy.report();
    }

    /** {@link #leaveSetOut} for each of {@code sets} in turn, the held-out prompts of all of them in one report. */
    public static AccuracyReport leaveEachSetOut(RoutingRulebook rulebook, List<LabelledPrompt> prompts,
                                                 List<String> sets,
                                                 Function<List<LabelledPrompt>, SemanticFact> semanticFor) {
        RouteAccuracy accuracy = new RouteAccuracy();
        sets.forEach(set -> accuracy.holdOutSet(rulebook, prompts, set, semanticFor));
        return accuracy.report();
    }

    private void holdOutSet(RoutingRulebook rulebook, List<LabelledPrompt> prompts, String set,
                            Function<List<LabelledPrompt>, SemanticFact> semanticFor) {
        List<LabelledPrompt> training = prompts.stream().filter(p -> !set.equals(p.source())).toList();
        List<LabelledPrompt> heldOut = prompts.stream().filter(p -> set.equals(p.source())).toList();
        if (heldOut.isEmpty()) {
            throw new IllegalArgumentException("no prompt has source " + set);
        }
        CategoryModel model = CategoryModel.train(training);
        SemanticFact semantic = semanticFor.apply(training);
        heldOut.forEach(prompt -> add(prompt, rulebook, model, semantic));
    }

    private void add(LabelledPrompt prompt, RoutingRulebook rulebook, CategoryModel model, SemanticFact semantic) {
        PromptFacts facts = PromptFactsExtractor.fromPrompt(prompt.prompt(), model);
        if (semantic.enabled()) {
            facts = semantic.addTo(facts);
        }
        RoutingDecision decision = rulebook.decide(facts);
        boolean route = prompt.route().equals(decision.route());
        boolean category = prompt.category().equals(decision.category());
        boolean score = prompt.category().equals(facts.getTopScoreCategory());
        boolean large = "large".equals(prompt.route());
        all = all.plus(large, route, category, score);
        byCategory.put(prompt.category(), byCategory.get(prompt.category()).plus(large, route, category, score));
        byLanguage.put(prompt.language(),
                byLanguage.getOrDefault(prompt.language(), NONE).plus(large, route, category, score));
        if (prompt.trap()) {
            traps = traps.plus(large, route, category, score);
        }
        if (!route) {
            misses.add(prompt.route() + " <- " + decision.route() + " by '" + decision.ruleName() + "' ("
                    + prompt.category() + ", " + prompt.language() + "): " + oneLine(prompt.prompt()));
        }
    }

    private AccuracyReport report() {
        return new AccuracyReport(all, new LinkedHashMap<>(byCategory), new TreeMap<>(byLanguage), traps,
                List.copyOf(misses));
    }

    private static String oneLine(String prompt) {
        String line = prompt.replaceAll("\\s+", " ");
        return line.length() <= 110 ? line : line.substring(0, 107) + "...";
    }
}
