package com.cascade4arm.host.inference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Lets at most {@code slots} generations run at a time and queues the rest in FIFO order, so that waiting requests
 * hold no thread, can be withdrawn when their client leaves, and are counted as deferred. A generation starts on the
 * thread that submits it when a slot is free, else on {@code starter} when an earlier one ends.
 */
final class GenerationScheduler {

    private final int slots;
    private final Executor starter;
    private final Deque<GenerationJob> waiting = new ArrayDeque<>();
    private final List<GenerationJob> running = new ArrayList<>();
    private boolean shutDown;

    GenerationScheduler(int slots, Executor starter) {
        this.slots = slots;
        this.starter = starter;
    }

    /** Starts the job now, on this thread, if a slot is free; otherwise queues it behind the earlier ones. */
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
        job.start();
    }

    /** A started job is over: frees its slot and starts the next waiting job. */
    void finished(GenerationJob job) {
        GenerationJob next;
        synchronized (this) {
            running.remove(job);
            notifyAll();
            next = shutDown ? null : waiting.pollFirst();
            if (next == null) {
                return;
            }
            running.add(next);
        }
        try {
            starter.execute(next::start);
        } catch (RejectedExecutionException e) {
            next.reject(new ModelNotReadyException("host is shutting down"));
            finished(next);
        }
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
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        synchronized (this) {
            while (!running.isEmpty()) {
                long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (leftMs <= 0) {
                    return false;
                }
                try {
                    wait(leftMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return true;
    }
}
