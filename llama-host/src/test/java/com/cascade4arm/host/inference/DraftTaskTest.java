package com.cascade4arm.host.inference;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** When a drafted answer's counts are complete: the release and step lines as llama.cpp b4916 logs them. */
class DraftTaskTest {
    private static final long TIMEOUT_MS = 10_000;
    private static final long GRACE_MS = 200;

    @Test
    void anAnswerEndingOnATokenDecodedAfterItsLastStepIsCompleteWithoutWaitingOutTheTimeout() {
        DraftTask task = new DraftTask(129);
        task.apply(DraftTracker.Event.parse(129, "accepted 8/8 draft tokens, new n_past = 91"));
        task.apply(DraftTracker.Event.parse(129, "stop processing: n_past = 92, truncated = 0"));

        long start = System.nanoTime();
        task.awaitComplete(64, TIMEOUT_MS, GRACE_MS);

        assertThat((System.nanoTime() - start) / 1_000_000).as("ms waited").isLessThan(TIMEOUT_MS / 2);
        assertThat(task.counts()).isEqualTo(new DraftCounts(8, 8));
    }

    @Test
    void aStepLineFollowingTheReleaseWithinTheGraceIsCounted() throws Exception {
        DraftTask task = new DraftTask(7);
        task.apply(DraftTracker.Event.parse(7, "accepted 5/8 draft tokens, new n_past = 59"));
        task.apply(DraftTracker.Event.parse(7, "stop processing: n_past = 63, truncated = 0"));

        CompletableFuture<DraftCounts> counts = CompletableFuture.supplyAsync(() -> {
            task.awaitComplete(20, TIMEOUT_MS, TIMEOUT_MS); // a grace this long ends only with the step line
            return task.counts();
        });
        Thread.sleep(50);
        task.apply(DraftTracker.Event.parse(7, "accepted 3/4 draft tokens, new n_past = 63"));

        assertThat(counts.get(5, TimeUnit.SECONDS)).isEqualTo(new DraftCounts(12, 8));
    }

    @Test
    void withoutTheReleaseLineItWaitsForTheTimeout() {
        DraftTask task = new DraftTask(3);
        task.apply(DraftTracker.Event.parse(3, "accepted 2/2 draft tokens, new n_past = 30"));

        long start = System.nanoTime();
        task.awaitComplete(10, 300, GRACE_MS);

        assertThat((System.nanoTime() - start) / 1_000_000).as("ms waited").isGreaterThanOrEqualTo(290);
        assertThat(task.counts()).isEqualTo(new DraftCounts(2, 2));
    }
}
