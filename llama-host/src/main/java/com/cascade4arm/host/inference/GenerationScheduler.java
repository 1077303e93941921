package com.cascade4arm.host.inference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs at most {@code slots} generations at a time on their own threads and queues the rest in FIFO order, so that
 * waiting requests hold no thread, can be withdrawn when their client leaves, and are counted as deferred.
 */
final class GenerationScheduler {

    private final int slots;
    private final ExecutorService workers;
    private final Deque<GenerationJob> waiting = new ArrayDeque<>();
    private final List<GenerationJob> running = new ArrayList<>();
    private boolean shutDown;

    GenerationScheduler(int slots, String threadNamePrefix) {
        this.slots = slots;
        this.workers = Executors.newFixedThreadPool(slots, NativeThreads.named(threadNamePrefix));
    }

    /** Starts the job now if a slot is free, otherwise queues it behind the earlier ones. */
    void submit(GenerationJob job) {
        synchronized (this) {
            if (shutDown) {
                job.reject(new ModelNotReadyException("host is shutting down"));
                return;
            }
            if (running.size() >= slots) {
                waiting.addLast(job);
                return;
            }
            running.add(job);
        }
        dispatch(job);
    }

    /** Removes a job that has not started yet; returns false if it already runs (cancel it instead). */
    synchronized boolean withdraw(GenerationJob job) {
        return waiting.remove(job);
    }

    synchronized int processing() {
        return running.size();
    }

    synchronized int deferred() {
        return waiting.size();
    }

    /** Rejects waiting jobs, cancels running ones and waits up to {@code timeoutMs} for them to stop. */
    boolean shutdown(long timeoutMs) {
        List<GenerationJob> rejected;
        synchronized (this) {
            shutDown = true;
            rejected = new ArrayList<>(waiting);
            waiting.clear();
            running.forEach(GenerationJob::cancel);
        }
        rejected.forEach(job -> job.reject(new ModelNotReadyException("host is shutting down")));
        workers.shutdown();
        try {
            return workers.awaitTermination(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void dispatch(GenerationJob job) {
        workers.execute(() -> {
            try {
                job.run();
            } finally {
                finished(job);
            }
        });
    }

    private void finished(GenerationJob job) {
        GenerationJob next;
        synchronized (this) {
            running.remove(job);
            next = shutDown ? null : waiting.pollFirst();
            if (next == null) {
                return;
            }
            running.add(next);
        }
        // Runs the next job on this same worker thread's pool; the finishing thread returns first.
        dispatch(next);
    }
}
