package com.cascade4arm.rules.semantic;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.accuracy.AccuracyReport;
import com.cascade4arm.rules.accuracy.RouteAccuracy;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Tuning aid, not a test: 5-fold cross-validation of the training prompts only, then leave-one-set-out (each folded
 * fresh set routed with the learned parts refit without it), the semantic fact off and (argument "on") on, with the
 * DRL of whatever rules folder comes first on the classpath — put src/main/resources before target/classes to judge a
 * DRL edit without a build. Prints the tables and the misses. Fresh sets are never read.
 * {@code java -cp rules/src/main/resources:rules/target/classes:rules/target/test-classes:<deps>
 * com.cascade4arm.rules.semantic.TuningRun [on]}
 */
public final class TuningRun {
    private static final long NO_BUDGET = 60_000_000_000L; // accuracy, not latency: wait for every embedding

    private TuningRun() {
    }

    public static void main(String[] args) {
        List<LabelledPrompt> labelled = LabelledPrompts.bundled();
        RoutingRulebook rulebook = RoutingRulebook.compile(BundledRules.load());
        boolean on = args.length > 0 && "on".equals(args[0]);
        Function<List<LabelledPrompt>, SemanticFact> semanticOff = training -> SemanticFact.off();
        Function<List<LabelledPrompt>, SemanticFact> semanticOn = training -> SemanticFact.of(EmbeddingCache.SHARED,
                SemanticHeadTrainer.train(training, EmbeddingCache.SHARED), NO_BUDGET);
        print("5-fold CV, semantic fact off", RouteAccuracy.crossValidate(rulebook, labelled,
                RouteAccuracy.DEFAULT_FOLDS, semanticOff));
        if (on) {
            print("5-fold CV, semantic fact on", RouteAccuracy.crossValidate(rulebook, labelled,
                    RouteAccuracy.DEFAULT_FOLDS, semanticOn));
        }
        leaveEachSetOut(rulebook, labelled, "semantic fact off", semanticOff);
        if (on) {
            leaveEachSetOut(rulebook, labelled, "semantic fact on", semanticOn);
        }
        System.exit(0); // the embedding thread is not a daemon
    }

    /** Each folded fresh set routed with the learned parts refit without it: the nearest to its first contact. */
    private static void leaveEachSetOut(RoutingRulebook rulebook, List<LabelledPrompt> labelled, String title,
                                        Function<List<LabelledPrompt>, SemanticFact> semanticFor) {
        List<String> sets = labelled.stream().map(LabelledPrompt::source).filter(Objects::nonNull).distinct().sorted()
                .toList();
        for (String set : sets) {
            AccuracyReport report = RouteAccuracy.leaveSetOut(rulebook, labelled, set, semanticFor);
            report.misses().forEach(miss -> System.out.println(set + " left out, " + title + ": " + miss));
            summary("leave-one-set-out " + set + ", " + title, report);
        }
        AccuracyReport all = RouteAccuracy.leaveEachSetOut(rulebook, labelled, sets, semanticFor);
        System.out.print(all.table("fresh sets 1 to " + sets.size() + ", each left out, " + title));
        summary("leave-one-set-out, all sets, " + title, all);
    }

    private static void print(String title, AccuracyReport report) {
        System.out.print(report.table("labelled prompts (" + report.all().count() + "), " + title));
        report.misses().forEach(miss -> System.out.println(title + ": " + miss));
        summary(title, report);
    }

    private static void summary(String title, AccuracyReport report) {
        AccuracyReport.Row all = report.all();
        System.out.printf(Locale.ROOT, "SUMMARY %s: route %.4f, hard sent small %d/%d (%.4f), easy sent large %d/%d (%.4f)%n",
                title, all.routeAccuracy(), all.hardSentSmall(), all.hard(), all.hardSentSmallRate(),
                all.easySentLarge(), all.easy(), all.easySentLargeRate());
    }
}
