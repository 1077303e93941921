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
     * Waits until the counts cover the answer, or {@code timeoutMs} passed without the task's release line. A step's
     * "accepted" line says the slot's n_past after it, and n_past = prompt tokens + generated tokens - 1, so the line
     * of the step that produced the answer's last token has n_past at least that: once it is in, the counts are
     * complete — an answer stopped at max_tokens does not wait for the step llama.cpp is still computing (about 16 ms at
     * default sampling). llama.cpp logs a step's line after sending its tokens, so when an answer ends inside a step
     * (end of generation), the line follows the release line with the same n_past; when it ends on a token decoded
     * alone after the last step, the release's n_past is past every step's and no line follows: a release ahead of the
     * last step waits only {@code graceMs} (a whole timeout there delayed one drafted answer in nine by a second).
     */
    synchronized void awaitComplete(int generatedTokens, int promptTokens, long timeoutMs, long graceMs) {
        long deadline = System.currentTimeMillis() + timeoutMs;
        long graceDeadline = Long.MAX_VALUE;
        int answerNPast = promptTokens + generatedTokens - 1;
        while (!(lastStepNPast >= answerNPast
                || releasedNPast >= 0 && (generatedTokens <= 1 || lastStepNPast == releasedNPast))) {
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
