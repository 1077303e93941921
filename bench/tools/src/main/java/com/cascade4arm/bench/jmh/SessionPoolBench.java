package com.cascade4arm.bench.jmh;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.engine.ReusableSessions;
import com.cascade4arm.rules.engine.RulebookCompiler;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import org.kie.api.KieBase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Decisions one at a time after a burst left {@code --idle} sessions in the pool, against the same pool with one idle
 * session (the reference, in the same run): whether the pool keeps serving from the session still in the caches, or
 * hands the burst's sessions out in turn. Both alternate for {@code --rounds} rounds on the bundled rules.
 * <pre>java -cp 'bench/tools/target/bench.jar:bench/tools/target/lib/*' com.cascade4arm.bench.jmh.SessionPoolBench --idle 64</pre>
 */
public final class SessionPoolBench {

    private SessionPoolBench() {
    }

    @Command
    static final class Options {
        @Mixin
        PromptKindOption prompt = new PromptKindOption();
        @Option(names = "--idle", description = "sessions a burst leaves idle (default 64, the most the pool keeps)")
        int idle = 64;
        @Option(names = "--decisions", description = "decisions timed per pool and round (default 200000, after as many untimed)")
        int decisions = 200_000;
        @Option(names = "--rounds", description = "rounds, each timing both pools (default 2)")
        int rounds = 2;
    }

    public static void main(String[] args) {
        CliLogging.configure();
        Options options = new Options();
        Arguments.parseOrExit(options, "SessionPoolBench", args, () -> {
            if (options.idle < 1 || options.decisions < 1 || options.rounds < 1) {
                throw new IllegalArgumentException("--idle, --decisions and --rounds must be at least 1");
            }
            options.prompt.conversation(); // an unknown kind is a usage error
        });
        KieBase kieBase = RulebookCompiler.compile(BundledRules.load());
        PromptFacts facts = PromptFactsExtractor.extract(options.prompt.conversation(), null);
        System.out.printf(Locale.ROOT, "decisions one at a time, bundled rules, kind %s, %d per pool and round (µs)%n",
                options.prompt.kind, options.decisions);
        for (int round = 1; round <= options.rounds; round++) {
            double[] one = time(kieBase, facts, 1, options.decisions);
            double[] burst = time(kieBase, facts, options.idle, options.decisions);
            System.out.printf(Locale.ROOT, "  round %d: 1 idle: mean %.2f, p50 %.2f, p90 %.2f, p99 %.2f | %d idle: "
                            + "mean %.2f, p50 %.2f, p90 %.2f, p99 %.2f | mean, %d idle / 1 idle %.2f%n", round,
                    one[0], one[1], one[2], one[3], options.idle, burst[0], burst[1], burst[2], burst[3],
                    options.idle, burst[0] / one[0]);
        }
    }

    /** Mean, p50, p90 and p99 in µs of decisions through a pool that a burst left with {@code idle} sessions. */
    static double[] time(KieBase kieBase, PromptFacts facts, int idle, int decisions) {
        ReusableSessions sessions = new ReusableSessions(kieBase);
        List<ReusableSessions.Lease> burst = new ArrayList<>();
        for (int i = 0; i < idle; i++) {
            burst.add(sessions.lease(new Decision()));
        }
        burst.forEach(ReusableSessions.Lease::close);
        long[] nanos = new long[decisions];
        for (int i = -decisions; i < decisions; i++) { // the first half warms the JIT up
            long start = System.nanoTime();
            Decision decision = new Decision();
            try (ReusableSessions.Lease lease = sessions.lease(decision)) {
                lease.fire(RoutingRulebook.FIRE_LIMIT, facts, decision);
            }
            if (i >= 0) {
                nanos[i] = System.nanoTime() - start;
            }
        }
        double mean = Arrays.stream(nanos).average().orElse(0) / 1_000;
        Arrays.sort(nanos);
        return new double[]{mean, nanos[decisions / 2] / 1_000.0, nanos[decisions * 9 / 10] / 1_000.0,
                nanos[decisions * 99 / 100] / 1_000.0};
    }
}
