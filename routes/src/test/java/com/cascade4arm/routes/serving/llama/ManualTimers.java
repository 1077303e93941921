package com.cascade4arm.routes.serving.llama;

import java.util.Map;
import java.util.TreeMap;

/** Timers a test fires by hand: time only moves when the test says so. */
final class ManualTimers implements Timers {
    private final Map<Long, Runnable> pending = new TreeMap<>();
    private long nextId;

    @Override
    public long schedule(long delayMs, Runnable action) {
        pending.put(++nextId, action);
        return nextId;
    }

    @Override
    public void cancel(long id) {
        pending.remove(id);
    }

    int pending() {
        return pending.size();
    }

    /** Runs every timer still pending, as if their time had come. */
    void fireAll() {
        Map<Long, Runnable> due = new TreeMap<>(pending);
        pending.clear();
        due.values().forEach(Runnable::run);
    }
}
