package com.cascade4arm.host.inference;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** When a drafted answer's counts are complete: step and release lines as llama.cpp b4916 logs them (task 129 is real). */
class DraftTaskTest {
    private static final long TIMEOUT_MS = 10_000;
    private static final long GRACE_MS = 200;

    @Test
    void anAnswerStoppedAtMaxTokensIsCompleteOnceTheStepWithItsLastTokenIsLogged() {
        DraftTask task = new DraftTask(129); // 21 prompt tokens, stopped by us at 64; llama.cpp still computing a step
        task.apply(DraftTracker.Event.parse(129, "accepted 0/1 draft tokens, new n_past = 81"));
        task.apply(DraftTracker.Event.parse(129, "accepted 8/8 draft tokens, new n_past = 91"));

        long start = System.nanoTime();
        task.awaitComplete(64, 21, TIMEOUT_MS, TIMEOUT_MS);

        assertThat((System.nanoTime() - start) / 1_000_000).as("ms waited").isLessThan(TIMEOUT_MS / 2);
        assertThat(task.counts()).isEqualTo(new DraftCounts(9, 8));
    }

    @Test
    void anAnswerEndingOnATokenDecodedAfterItsLastStepWaitsOnlyTheGrace() {
        DraftTask task = new DraftTask(129);
        task.apply(DraftTracker.Event.parse(129, "accepted 0/1 draft tokens, new n_past = 81"));
        task.apply(DraftTracker.Event.parse(129, "stop processing: n_past = 82, truncated = 0"));

        long start = System.nanoTime();
        task.awaitComplete(62, 21, TIMEOUT_MS, GRACE_MS);

        assertThat((System.nanoTime() - start) / 1_000_000).as("ms waited").isLessThan(TIMEOUT_MS / 2);
        assertThat(task.counts()).isEqualTo(new DraftCounts(1, 0));
    }

    @Test
    void theStepLineFollowingTheReleaseOfAnAnswerEndingInsideAStepIsCounted() throws Exception {
        DraftTask task = new DraftTask(7); // 40 prompt tokens, 20 generated, the last step ended with end-of-generation
        task.apply(DraftTracker.Event.parse(7, "accepted 5/8 draft tokens, new n_past = 55"));
        task.apply(DraftTracker.Event.parse(7, "stop processing: n_past = 59, truncated = 0"));

        CompletableFuture<DraftCounts> counts = CompletableFuture.supplyAsync(() -> {
            task.awaitComplete(20, 40, TIMEOUT_MS, TIMEOUT_MS); // a grace this long ends only with the step line
            return task.counts();
        });
        Thread.sleep(50);
        assertThat(counts).as("still waiting for the step line").isNotDone();
        task.apply(DraftTracker.Event.parse(7, "accepted 3/4 draft tokens, new n_past = 59"));

        assertThat(counts.get(5, TimeUnit.SECONDS)).isEqualTo(new DraftCounts(12, 8));
    }

    @Test
    void withoutTheReleaseOrACoveringStepItWaitsForTheTimeout() {
        DraftTask task = new DraftTask(3);
        task.apply(DraftTracker.Event.parse(3, "accepted 2/2 draft tokens, new n_past = 30"));

        long start = System.nanoTime();
        task.awaitComplete(30, 20, 300, GRACE_MS);

        assertThat((System.nanoTime() - start) / 1_000_000).as("ms waited").isGreaterThanOrEqualTo(290);
        assertThat(task.counts()).isEqualTo(new DraftCounts(2, 2));
    }
}
