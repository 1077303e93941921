package com.cascade4arm.bench.jmh;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Locale;

/**
 * What sets a decision's tail: every decision of a run timed on its own, in order, after a warm-up, then read by
 * position in each run of {@code --period} decisions (default 100, the rule session's renewal): where the slow ones
 * (over twice the median) fall, and each position's mean. A position standing out is upkeep on the deciding thread; an
 * even spread is the machine. {@link RuleDecisionBenchmark} gives the percentiles; this says where the tail comes from.
 * <pre>java -cp 'bench/tools/target/bench.jar:bench/tools/target/lib/*' com.cascade4arm.bench.jmh.DecisionTailBench --kind essay-2000</pre>
 */
public final class DecisionTailBench {

    private DecisionTailBench() {
    }

    @Command
    static final class Options {
        @Mixin
        PromptKindOption prompt = new PromptKindOption();
        @Option(names = "--rules-only", description = "time the rules on given facts (RuleDecisionBenchmark.decide)")
        boolean rulesOnly;
        @Option(names = "--decisions", description = "decisions timed (default 200000)")
        int decisions = 200_000;
        @Option(names = "--warmup-seconds", description = "untimed decisions first, for the JIT (default 15)")
        int warmupSeconds = 15;
        @Option(names = "--period", description = "the rhythm looked for, in decisions (default 100)")
        int period = 100;
    }

    public static void main(String[] args) {
        CliLogging.configure();
        Options options = new Options();
        Arguments.parseOrExit(options, "DecisionTailBench", args, () -> {
            if (options.decisions < 1 || options.period < 1) {
                throw new IllegalArgumentException("--decisions and --period must be at least 1");
            }
            options.prompt.conversation(); // an unknown kind is a usage error
        });
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        List<ChatMessage> messages = options.prompt.conversation();
        PromptFacts facts = PromptFactsExtractor.extract(messages, null);
        Runnable decision = options.rulesOnly ? () -> rulebook.decide(facts)
                : () -> rulebook.decide(PromptFactsExtractor.extract(messages, null));
        long warmEnd = System.nanoTime() + options.warmupSeconds * 1_000_000_000L;
        while (System.nanoTime() < warmEnd) {
            decision.run();
        }
        long[] nanos = new long[options.decisions];
        for (int i = 0; i < nanos.length; i++) {
            long start = System.nanoTime();
            decision.run();
            nanos[i] = System.nanoTime() - start;
        }
        DecisionTail tail = DecisionTail.of(nanos, options.period);
        System.out.printf(Locale.ROOT, "%s, kind %s, %d decisions: p50 %.1f µs, p99 %.1f µs%n",
                options.rulesOnly ? "rules on given facts" : "facts and rules", options.prompt.kind, nanos.length,
                tail.p50Micros(), tail.p99Micros());
        System.out.printf(Locale.ROOT, "  %d over twice the median (%.2f %%); the busiest position of every %d holds %d "
                + "of them, %.1f× an even share%n", tail.slow(), 100.0 * tail.slow() / nanos.length, tail.period(),
                tail.busiestCount(), tail.rhythm());
        System.out.printf(Locale.ROOT, "  mean decision by position: %.1f µs typical, %.1f µs at the costliest "
                + "(+%.1f µs: upkeep once every %d decisions, if one position stands out)%n", tail.typicalMeanMicros(),
                tail.costliestMeanMicros(), tail.costliestMeanMicros() - tail.typicalMeanMicros(), tail.period());
    }
}
