package com.cascade4arm.host.inference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Draft counts of one llama.cpp task, complete once the release line and the step line that ends there arrived. */
final class DraftTask {

    private static final Logger LOG = LoggerFactory.getLogger(DraftTask.class);

    private final int taskId;
    private DraftCounts counts = DraftCounts.NONE;
    private int lastStepNPast = -1;
    private int releasedNPast = -1;

    DraftTask(int taskId) {
        this.taskId = taskId;
    }

    int taskId() {
        return taskId;
    }

    synchronized void apply(DraftTracker.Event event) {
        if (event.release()) {
            releasedNPast = event.nPast();
        } else {
            counts = counts.plus(event.drafted(), event.accepted());
            lastStepNPast = event.nPast();
        }
        notifyAll();
    }

    synchronized DraftCounts counts() {
        return counts;
    }

    /**
     * Waits until the task's counts are complete, or {@code timeoutMs} passed without its release line. llama.cpp logs
     * a speculative step's "accepted" line after the tokens of that step were sent, so when an answer ends inside a
     * step, the step's line follows the release line with the same n_past; when it ends on a token decoded alone after
     * the last step (the limit reached there), the release's n_past is past every step's and no line follows. The two
     * look alike at the release, so a release ahead of the last step waits only {@code graceMs} for a step line: a
     * whole timeout there delayed one drafted answer in nine by a second (its final chunk, usage and timings).
     */
    synchronized void awaitComplete(int generatedTokens, long timeoutMs, long graceMs) {
        long deadline = System.currentTimeMillis() + timeoutMs;
        long graceDeadline = Long.MAX_VALUE;
        while (!(releasedNPast >= 0 && (generatedTokens <= 1 || lastStepNPast == releasedNPast))) {
            if (releasedNPast >= 0 && graceDeadline == Long.MAX_VALUE) {
                graceDeadline = System.currentTimeMillis() + graceMs;
            }
            long left = Math.min(deadline, graceDeadline) - System.currentTimeMillis();
            if (left <= 0) {
                if (releasedNPast < 0) {
                    LOG.debug("draft statistics of task {} incomplete after {} ms", taskId, timeoutMs);
                }
                return;
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
