package com.cascade4arm.rules.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The semantic fact with the real encoder: off adds nothing, on fills semanticLargeScore only in the learned score's
 * unsure band, the rule reads it, the explanation shows it, and the budget holds (the caller never waits, the fact
 * arrives within its budget or is left out).
 */
class SemanticFactTest {
    private static final long BUDGET_NANOS = 200_000_000L; // generous: a shared 2-core CI machine
    /**
     * The learned score is unsure (top 0.37, largeScore 0.58) and the rules send it small; its embedding finds it hard
     * (0.88), and the two together pass the semantic rule's bar (an average P(large) above 0.6). (The four-day week at
     * the same bakery went large without the fact once fresh set 5 was trained on: largeScore 0.611; the second shop
     * once fresh set 8 was: 0.61; the second baker once fresh sets 9 and 10 were: 0.605.)
     */
    private static final String UNSURE_HARD =
            "what do you reckon about moving our shop to a bigger street";
    /** Waking the caller after its fact is in, beyond what a bare timer of the same run was late. */
    private static final long SCHEDULING_SLACK_NANOS = 100_000_000L;
    private static final int WARM_UP = 20;
    private static final int SAMPLES = 200;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A real head whose bias makes every prompt "large": shows that the rule follows the fact. */
    private static final SemanticHead ALWAYS_LARGE = new SemanticHead(20f, new float[MiniLmEncoder.DIMENSIONS]);

    @BeforeAll
    static void loadTheModel() {
        MiniLmEncoder.shared().embed("warm up");
    }

    @Test
    void offLeavesTheFactOutAndTheRuleSilent() {
        PromptFacts facts = SemanticFact.off().addTo(PromptFactsExtractor.fromPrompt(UNSURE_HARD));
        RoutingDecision decision = RoutingRulebook.defaults().decide(facts);

        assertThat(facts.getSemanticLargeScore()).isEqualTo(-1);
        assertThat(facts.semanticNote()).isEqualTo("off");
        assertThat(decision.firedRules()).noneMatch(rule -> rule.startsWith("semantic score"));
    }

    @Test
    void onTheRuleReadsTheFactInTheUnsureBand() {
        PromptFacts plain = PromptFactsExtractor.fromPrompt(UNSURE_HARD);
        SemanticFact semantic = SemanticFact.of(MiniLmEncoder.shared(), ALWAYS_LARGE, BUDGET_NANOS);
        assertThat(semantic.wanted(plain)).as("top score %s is unsure", plain.getTopScore()).isTrue();

        PromptFacts facts = semantic.addTo(plain);
        RoutingDecision decision = RoutingRulebook.defaults().decide(facts);

        assertThat(facts.getSemanticLargeScore()).isEqualTo(1.0);
        assertThat(facts.semanticNote()).startsWith("embedded in");
        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.ruleName())
                .isEqualTo("semantic score: an unsure prompt the embedding and the score find hard goes large");
    }

    @Test
    void theBundledHeadSendsAnUnsureAnalysisQuestionLarge() {
        PromptFacts facts = SemanticFact.bundled(BUDGET_NANOS).addTo(PromptFactsExtractor.fromPrompt(UNSURE_HARD));

        assertThat(RoutingRulebook.defaults().decide(PromptFactsExtractor.fromPrompt(UNSURE_HARD)).route())
                .as("without the fact").isEqualTo("small");
        assertThat(facts.getSemanticLargeScore() + facts.getLargeScore()).isGreaterThan(1.2);
        assertThat(RoutingRulebook.defaults().decide(facts).route()).isEqualTo("large");
    }

    @Test
    void aConfidentLearnedScoreIsNotEmbedded() {
        PromptFacts plain = PromptFactsExtractor.fromPrompt("What is the capital of France?");
        PromptFacts facts = SemanticFact.of(MiniLmEncoder.shared(), ALWAYS_LARGE, BUDGET_NANOS).addTo(plain);

        assertThat(plain.getTopScore()).isGreaterThanOrEqualTo(SemanticFact.UNCERTAIN_BELOW);
        assertThat(facts.getSemanticLargeScore()).isEqualTo(-1);
        assertThat(facts.semanticNote()).startsWith("not needed: the learned score is confident");
        assertThat(RoutingRulebook.defaults().decide(facts).route()).isEqualTo("small");
    }

    @Test
    void theExplanationShowsTheFactAndItsNote() {
        PromptFacts facts = SemanticFact.of(MiniLmEncoder.shared(), SemanticHead.bundled(), BUDGET_NANOS)
                .addTo(PromptFactsExtractor.fromPrompt(UNSURE_HARD));
        JsonNode json = JSON.valueToTree(facts);

        assertThat(json.path("semanticLargeScore").asDouble()).isEqualTo(facts.getSemanticLargeScore()).isBetween(0.0, 1.0);
        assertThat(json.path("semanticNote").asText()).startsWith("embedded in");
    }

    @Test
    void anEmbeddingThatMissesItsBudgetIsLeftOutAndTheDecisionStillRoutes() {
        // An embedding held back until the budget has run out: on an idle machine a real one may beat a tiny budget.
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        SemanticFact tight = SemanticFact.of(text -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return MiniLmEncoder.shared().embed(text);
        }, ALWAYS_LARGE, 5_000_000L);
        PromptFacts facts = tight.addTo(PromptFactsExtractor.fromPrompt(UNSURE_HARD));
        release.countDown();

        assertThat(facts.getSemanticLargeScore()).isEqualTo(-1);
        assertThat(facts.semanticNote()).startsWith("left out: not ready within");
        assertThat(RoutingRulebook.defaults().decide(facts).firedRules()).noneMatch(r -> r.startsWith("semantic score"));
    }

    /**
     * 2,000-character prompts in the unsure band: handing the prompt over costs the caller (an event loop) under a
     * millisecond of CPU at p99 (its wall time also counts the host preempting it for the embedding thread it just
     * woke, so it is printed, not bounded), and every fact is back within its budget — embedded or left out — plus
     * scheduling slack. The slack is measured in the same run: beside each prompt a bare timer of the same budget, on
     * the same mechanism (CompletableFuture's timeout), shows how late the host wakes a thread right then (a run at load
     * 17 once read 337 ms for a 200 ms budget). A fact that ignored its budget would be late where the timers are not.
     */
    @Test
    void onTwoThousandCharPromptsTheCallerNeverWaitsAndTheBudgetHolds() {
        SemanticFact semantic = SemanticFact.of(MiniLmEncoder.shared(), SemanticHead.bundled(), BUDGET_NANOS);
        List<PromptFacts> prompts = new ArrayList<>();
        for (int i = 0; prompts.size() < SAMPLES + WARM_UP; i++) {
            // bounded: a retrained score may grow sure of every filler prompt (set 6's fold did so with the old filler)
            assertThat(i).as("2,000-character filler prompts tried for the unsure band").isLessThan(20_000);
            PromptFacts facts = PromptFactsExtractor.fromPrompt(twoThousandChars(i));
            if (semantic.wanted(facts)) {
                prompts.add(facts);
            }
        }
        prompts.subList(0, WARM_UP).forEach(semantic::addTo); // class loading and JIT are not the steady state
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long[] handOverCpu = new long[SAMPLES];
        long[] handOver = new long[SAMPLES];
        long[] total = new long[SAMPLES];
        List<CompletableFuture<Long>> referenceLateness = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            long cpu = threads.getCurrentThreadCpuTime();
            long started = System.nanoTime();
            referenceLateness.add(new CompletableFuture<Long>()
                    .completeOnTimeout(0L, BUDGET_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS)
                    .thenApply(ignored -> System.nanoTime() - started - BUDGET_NANOS));
            CompletableFuture<PromptFacts> pending = semantic.addToAsync(prompts.get(WARM_UP + i));
            handOver[i] = System.nanoTime() - started;
            handOverCpu[i] = threads.getCurrentThreadCpuTime() - cpu;
            pending.join();
            total[i] = System.nanoTime() - started;
        }
        Arrays.sort(handOver);
        Arrays.sort(handOverCpu);
        Arrays.sort(total);
        long hostLateness = referenceLateness.stream().mapToLong(CompletableFuture::join).max().orElseThrow();
        System.out.printf("2,000 chars: hand-over CPU p50 %.3f ms, p99 %.3f ms; wall p50 %.3f ms, p99 %.3f ms; "
                + "fact ready p50 %.1f ms, p99 %.1f ms, slowest %.1f ms; a bare %d ms timer at worst %.1f ms late%n",
                handOverCpu[SAMPLES / 2] / 1e6, p99(handOverCpu) / 1e6, handOver[SAMPLES / 2] / 1e6,
                p99(handOver) / 1e6, total[total.length / 2] / 1e6, p99(total) / 1e6, total[total.length - 1] / 1e6,
                BUDGET_NANOS / 1_000_000, hostLateness / 1e6);

        assertThat(p99(handOverCpu)).as("hand-over CPU p99, ns").isLessThan(1_000_000L);
        assertThat(total[total.length - 1]).as("slowest fact, ns (a bare timer was %d ns late)", hostLateness)
                .isLessThan(BUDGET_NANOS + SCHEDULING_SLACK_NANOS + Math.max(0, hostLateness));
    }

    private static long p99(long[] sorted) {
        return sorted[(int) Math.ceil(sorted.length * 0.99) - 1];
    }

    /** A meandering 2,000-character message, different each time, that no rule or score is sure about. */
    private static String twoThousandChars(int seed) {
        // Topic words without a task: the score stays unsure on about a third of the seeds (round five: after set 6
        // was folded in, the chatty filler used before was everyday with 0.77 or more on every seed, none unsure).
        String[] parts = {"the fence between the two gardens ", "costs and benefits of moving it ",
            "the neighbours and the council ", "a plan for the shed and the path ", "the weather this spring ",
            "what the law says about boundaries ", "how long the work would take "};
        StringBuilder text = new StringBuilder("Question " + seed + ": ");
        for (int i = seed; text.length() < 2_000; i++) {
            text.append(parts[(i * 7 + seed) % parts.length]);
        }
        return text.substring(0, 1_999) + "?";
    }
}
