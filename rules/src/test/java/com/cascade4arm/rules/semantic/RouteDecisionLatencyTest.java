package com.cascade4arm.rules.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The route decision's cost by prompt length, with the semantic fact off and on (rules/README.md, "Latency of the
 * route decision"): what the caller's thread (an event loop) spends — facts, learned score and rules, plus the hand-over
 * to the embedding thread when the fact is on — and, with the fact on, when the decision is ready (embedding included).
 * Prompts are the labelled prompts joined up to the length, so the learned score sees real text.
 */
class RouteDecisionLatencyTest {
    private static final int WARM_UP = 200;
    /** Decisions before measuring: on a loaded 2-core host the JIT compiler threads get CPU late. */
    private static final int JIT_WARM_UP = 5_000;
    /** A loose bound for a shared CI host (load 10-20 at times); README quotes the measured figures. */
    private static final double MAX_CALLER_CPU_P99_MS = 5.0;
    private static final int SAMPLES = 400;
    private static final long BUDGET_NANOS = 200_000_000L; // generous: a shared 2-core CI machine
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @ParameterizedTest(name = "{0} chars")
    @ValueSource(ints = {100, 500, 2_000})
    void theCallerNeverPaysForTheEmbedding(int chars) {
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        SemanticFact semantic = SemanticFact.of(MiniLmEncoder.shared(), SemanticHead.bundled(), BUDGET_NANOS);
        List<String> prompts = prompts(chars, WARM_UP + SAMPLES);
        for (int i = 0; i < JIT_WARM_UP; i++) { // class loading and JIT are not the steady state
            rulebook.decide(PromptFactsExtractor.fromPrompt(prompts.get(i % WARM_UP)));
        }
        prompts.subList(0, WARM_UP / 10).forEach(p -> semantic.addTo(PromptFactsExtractor.fromPrompt(p)));
        long[] offCpu = new long[SAMPLES];
        long[] offWall = new long[SAMPLES];
        long[] onCpu = new long[SAMPLES];
        long[] onReady = new long[SAMPLES];
        int embedded = 0;
        for (int i = 0; i < SAMPLES; i++) {
            String prompt = prompts.get(WARM_UP + i);
            long cpu = THREADS.getCurrentThreadCpuTime();
            long started = System.nanoTime();
            rulebook.decide(PromptFactsExtractor.fromPrompt(prompt));
            offWall[i] = System.nanoTime() - started;
            offCpu[i] = THREADS.getCurrentThreadCpuTime() - cpu;

            cpu = THREADS.getCurrentThreadCpuTime();
            started = System.nanoTime();
            CompletableFuture<PromptFacts> pending = semantic.addToAsync(PromptFactsExtractor.fromPrompt(prompt));
            long handedOver = THREADS.getCurrentThreadCpuTime() - cpu;
            PromptFacts facts = pending.join();
            long cpuAfter = THREADS.getCurrentThreadCpuTime();
            rulebook.decide(facts);
            onReady[i] = System.nanoTime() - started;
            onCpu[i] = handedOver + THREADS.getCurrentThreadCpuTime() - cpuAfter;
            embedded += facts.getSemanticLargeScore() >= 0 ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "%,d chars: off: caller CPU p50 %.3f p99 %.3f ms, wall p50 %.3f p99 %.3f ms; "
                + "on: caller CPU p50 %.3f p99 %.3f ms, decision ready p50 %.2f p99 %.2f ms (%d of %d embedded)%n",
                chars, p50(offCpu), p99(offCpu), p50(offWall), p99(offWall), p50(onCpu), p99(onCpu), p50(onReady),
                p99(onReady), embedded, SAMPLES);

        assertThat(p99(offCpu)).as("caller CPU p99 with the fact off, ms").isLessThan(MAX_CALLER_CPU_P99_MS);
        // The embedding runs on its own thread: the caller pays the hand-over only, not the 5-20 ms of the model.
        assertThat(p50(onCpu)).as("caller CPU p50 with the fact on, ms").isLessThan(p50(offCpu) + 1.0);
    }

    /** Labelled prompts joined (and cut) to {@code chars} characters, each start a different prompt. */
    private static List<String> prompts(int chars, int count) {
        List<LabelledPrompt> labelled = LabelledPrompts.bundled();
        List<String> prompts = new ArrayList<>();
        for (int start = 0; prompts.size() < count; start += 7) {
            StringBuilder text = new StringBuilder();
            for (int i = start; text.length() < chars; i++) {
                text.append(labelled.get(i % labelled.size()).prompt()).append(' ');
            }
            prompts.add(text.substring(0, chars));
        }
        return prompts;
    }

    private static double p50(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }

    private static double p99(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.ceil(sorted.length * 0.99) - 1] / 1e6;
    }
}
