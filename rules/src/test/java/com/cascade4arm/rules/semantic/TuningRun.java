package com.cascade4arm.rules.semantic;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.accuracy.AccuracyReport;
import com.cascade4arm.rules.accuracy.RouteAccuracy;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import java.util.List;
import java.util.Locale;

/**
 * Tuning aid, not a test: 5-fold cross-validation of the training prompts only, the semantic fact off and (argument
 * "on") on, with the DRL of whatever rules folder comes first on the classpath — put src/main/resources before
 * target/classes to judge a DRL edit without a build. Prints the tables and the misses. Fresh sets are never read.
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
        AccuracyReport off = RouteAccuracy.crossValidate(rulebook, labelled, RouteAccuracy.DEFAULT_FOLDS);
        print("semantic fact off", off);
        if (args.length > 0 && "on".equals(args[0])) {
            AccuracyReport on = RouteAccuracy.crossValidate(rulebook, labelled, RouteAccuracy.DEFAULT_FOLDS,
                    training -> SemanticFact.of(EmbeddingCache.SHARED,
                            SemanticHeadTrainer.train(training, EmbeddingCache.SHARED), NO_BUDGET));
            print("semantic fact on", on);
        }
        System.exit(0); // the embedding thread is not a daemon
    }

    private static void print(String title, AccuracyReport report) {
        System.out.print(report.table("labelled prompts (" + report.all().count() + "), 5-fold CV, " + title));
        report.misses().forEach(System.out::println);
        AccuracyReport.Row all = report.all();
        System.out.printf(Locale.ROOT, "SUMMARY %s: route %.4f, hard sent small %d/%d (%.4f), easy sent large %d/%d (%.4f)%n",
                title, all.routeAccuracy(), all.hardSentSmall(), all.hard(), all.hardSentSmallRate(),
                all.easySentLarge(), all.easy(), all.easySentLargeRate());
    }
}
