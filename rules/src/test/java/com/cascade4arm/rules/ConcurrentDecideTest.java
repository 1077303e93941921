package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** One rulebook shared by many request threads gives every thread the same decisions a single thread gets. */
class ConcurrentDecideTest {

    private static final int THREADS = 8;
    private static final int DECISIONS_PER_THREAD = 400;

    @Test
    void decidesConsistentlyUnderConcurrentCalls() throws Exception {
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        List<PromptFacts> facts = Stream.of(
                "Who designed the Sydney Opera House?",
                "Hi! Hope you're well.",
                "Why does bread go stale faster in the fridge?",
                "Write a Python function that merges two sorted lists.",
                "Evaluate the pros and cons of congestion charges.",
                "Solve 4x - 7 = 21",
                "Here:\n```\nint x = 1;\n```\nwhat is wrong?",
                RoutingBoundariesTest.filler(1500))
                .map(PromptFactsExtractor::fromPrompt).toList();
        List<RoutingDecision> expected = facts.stream().map(rulebook::decide).toList();

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> results = new ArrayList<>();
        try {
            for (int t = 0; t < THREADS; t++) {
                int offset = t;
                Callable<Integer> worker = () -> {
                    start.await();
                    int mismatches = 0;
                    for (int i = 0; i < DECISIONS_PER_THREAD; i++) {
                        int k = (i + offset) % facts.size();
                        if (!rulebook.decide(facts.get(k)).equals(expected.get(k))) {
                            mismatches++;
                        }
                    }
                    return mismatches;
                };
                results.add(pool.submit(worker));
            }
            start.countDown();
            for (Future<Integer> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).as("decisions that differ from the single-thread ones").isZero();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(rulebook.openSessionCount()).as("sessions left open").isZero();
    }
}
