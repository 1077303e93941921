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
     * llama.cpp logs a speculative step's "accepted" line after the tokens of that step were sent, so the final
     * step's line follows the release line; a generation of one token has no speculative step at all.
     */
    synchronized void awaitComplete(int generatedTokens, long timeoutMs) {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (!(releasedNPast >= 0 && (generatedTokens <= 1 || lastStepNPast == releasedNPast))) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                LOG.debug("draft statistics of task {} incomplete after {} ms", taskId, timeoutMs);
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
