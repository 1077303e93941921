package com.cascade4arm.bench.jmh;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.engine.RulebookCompiler;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import org.drools.kiesession.session.StatefulKnowledgeSessionImpl;
import org.kie.api.KieBase;
import org.kie.api.runtime.KieSession;
import org.kie.api.runtime.rule.FactHandle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Arrays;
import java.util.Locale;

/**
 * What renewing a rule session costs the decisions around it, the two ways in one run: disposing the session and
 * creating a new one (the reference: what {@code ReusableSessions} did before) against resetting it in place (what it
 * does now). Per renewal: the renewal itself, the first decision after it and the next one (median of
 * {@code --renewals}), both ways alternating for {@code --rounds} rounds on the bundled rules.
 * <pre>java -cp 'bench/tools/target/bench.jar:bench/tools/target/lib/*' com.cascade4arm.bench.jmh.SessionRenewalBench --kind essay-2000</pre>
 */
public final class SessionRenewalBench {

    private SessionRenewalBench() {
    }

    @Command
    static final class Options {
        @Mixin
        PromptKindOption prompt = new PromptKindOption();
        @Option(names = "--renewals", description = "renewals timed per way and round (default 4000, after as many untimed)")
        int renewals = 4_000;
        @Option(names = "--rounds", description = "rounds, each timing both ways (default 2)")
        int rounds = 2;
    }

    public static void main(String[] args) {
        CliLogging.configure();
        Options options = new Options();
        Arguments.parseOrExit(options, "SessionRenewalBench", args, () -> {
            if (options.renewals < 1 || options.rounds < 1) {
                throw new IllegalArgumentException("--renewals and --rounds must be at least 1");
            }
            options.prompt.conversation(); // an unknown kind is a usage error
        });
        KieBase kieBase = RulebookCompiler.compile(BundledRules.load());
        PromptFacts facts = PromptFactsExtractor.extract(options.prompt.conversation(), null);
        System.out.printf(Locale.ROOT, "session renewal, bundled rules, kind %s: medians of %d renewals (µs)%n",
                options.prompt.kind, options.renewals);
        for (int round = 1; round <= options.rounds; round++) {
            double[] renew = time(kieBase, facts, false, options.renewals);
            double[] reset = time(kieBase, facts, true, options.renewals);
            System.out.printf(Locale.ROOT, "  round %d: dispose and create %.1f, first decision %.1f, next %.1f | "
                            + "reset %.1f, first decision %.1f, next %.1f | renewal and first decision, reset/create %.2f%n",
                    round, renew[0], renew[1], renew[2], reset[0], reset[1], reset[2],
                    (reset[0] + reset[1]) / (renew[0] + renew[1]));
        }
    }

    /** Medians of the renewal, the first decision after it and the one after that, in µs. */
    private static double[] time(KieBase kieBase, PromptFacts facts, boolean reset, int renewals) {
        KieSession session = kieBase.newKieSession();
        long[][] nanos = new long[3][renewals];
        for (int i = -renewals; i < renewals; i++) { // the first half warms the JIT up
            long start = System.nanoTime();
            if (reset) {
                ((StatefulKnowledgeSessionImpl) session).reset();
            } else {
                session.dispose();
                session = kieBase.newKieSession();
            }
            long renewed = System.nanoTime();
            decide(session, facts);
            long first = System.nanoTime();
            decide(session, facts);
            long next = System.nanoTime();
            if (i >= 0) {
                nanos[0][i] = renewed - start;
                nanos[1][i] = first - renewed;
                nanos[2][i] = next - first;
            }
        }
        session.dispose();
        double[] medians = new double[3];
        for (int k = 0; k < 3; k++) {
            Arrays.sort(nanos[k]);
            medians[k] = nanos[k][renewals / 2] / 1_000.0;
        }
        return medians;
    }

    private static void decide(KieSession session, PromptFacts facts) {
        FactHandle factsHandle = session.insert(facts);
        FactHandle decisionHandle = session.insert(new Decision());
        session.fireAllRules(RoutingRulebook.FIRE_LIMIT);
        session.delete(factsHandle);
        session.delete(decisionHandle);
    }
}
