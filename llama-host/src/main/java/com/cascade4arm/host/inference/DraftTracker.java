package com.cascade4arm.host.inference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Draft-token statistics of one host, per generation, read from llama.cpp's slot log lines:
 * {@code slot update_slots: id 0 | task 7 | accepted 3/4 draft tokens, new n_past = 58} (debug level, once per
 * speculative step) and {@code slot release: id 0 | task 7 | stop processing: n_past = 58}. Lines are tied to a host by
 * task id. Task ids are per model, so when two drafted hosts in one JVM run the same task id at the same time a line
 * is ambiguous and dropped (logged at debug); with one drafted host per JVM (the gateway's setup) counts are exact.
 */
public final class DraftTracker {

    private static final Logger LOG = LoggerFactory.getLogger(DraftTracker.class);
    /** How long a finished generation waits for its last log lines to arrive through the stderr pipe. */
    static final long LOG_CATCH_UP_TIMEOUT_MS = 1_000;
    /**
     * How long a release line ahead of the last step waits for a step line that may not come (DraftTask): llama.cpp
     * writes that line right after the release, so it arrives with it; each answer ending this way pays the grace.
     */
    static final long STEP_LINE_GRACE_MS = 5;
    /** Lines seen before their generation registered (tiny prompts are fast) are kept this long. */
    static final long ORPHAN_TTL_MS = 5_000;
    static final int ORPHAN_CAPACITY = 512;

    private static final Pattern SLOT_LINE = Pattern.compile("^slot\\s+\\S+:\\s+id\\s+\\d+ \\| task (-?\\d+) \\| (.*)$");
    private static final Pattern ACCEPTED = Pattern.compile("accepted (\\d+)/(\\d+) draft tokens, new n_past = (\\d+)");
    private static final Pattern RELEASED = Pattern.compile("stop processing: n_past = (\\d+)");

    private static final List<DraftTracker> TRACKERS = new CopyOnWriteArrayList<>();
    private static final Deque<Event> ORPHANS = new ArrayDeque<>();

    private final boolean enabled;
    private final Map<Integer, DraftTask> active = new ConcurrentHashMap<>();

    private DraftTracker(boolean enabled) {
        this.enabled = enabled;
    }

    /** A tracker for a host; only hosts with a draft model track anything. */
    static DraftTracker forHost(boolean hasDraft) {
        DraftTracker tracker = new DraftTracker(hasDraft);
        if (hasDraft) {
            TRACKERS.add(tracker);
        }
        return tracker;
    }

    boolean enabled() {
        return enabled;
    }

    void unregister() {
        TRACKERS.remove(this);
    }

    /** Call right before starting a generation: makes sure llama.cpp still logs what this tracker reads. */
    void prepare() {
        if (enabled) {
            LlamaLogBridge.beforeDraftedGeneration();
        }
    }

    /** Starts collecting for a llama.cpp task; claims lines that arrived before registration. */
    DraftTask begin(int taskId) {
        DraftTask task = new DraftTask(taskId);
        if (!enabled) {
            return task;
        }
        active.put(taskId, task);
        long now = System.currentTimeMillis();
        synchronized (ORPHANS) {
            ORPHANS.removeIf(event -> now - event.receivedAtMs() > ORPHAN_TTL_MS);
            List<Event> claimed = new ArrayList<>();
            for (Event event : ORPHANS) {
                if (event.taskId() == taskId) {
                    claimed.add(event);
                }
            }
            ORPHANS.removeAll(claimed);
            claimed.forEach(task::apply);
        }
        return task;
    }

    /** Waits briefly for the task's last log lines, then returns its counts and stops tracking it. */
    DraftCounts finish(DraftTask task, int generatedTokens, int promptTokens) {
        if (!enabled) {
            return DraftCounts.NONE;
        }
        try {
            if (LlamaLogBridge.capturing()) {
                task.awaitComplete(generatedTokens, promptTokens, LOG_CATCH_UP_TIMEOUT_MS, STEP_LINE_GRACE_MS);
            }
            return task.counts();
        } finally {
            active.remove(task.taskId());
        }
    }

    /** Stops tracking without waiting (cancelled or failed generations). */
    void abandon(DraftTask task) {
        active.remove(task.taskId());
    }

    static void onLogLine(String text) {
        if (TRACKERS.isEmpty() || !text.startsWith("slot")) {
            return;
        }
        Matcher slot = SLOT_LINE.matcher(text);
        if (!slot.matches()) {
            return;
        }
        Event event = Event.parse(Integer.parseInt(slot.group(1)), slot.group(2));
        if (event == null) {
            return;
        }
        List<DraftTask> owners = new ArrayList<>(1);
        for (DraftTracker tracker : TRACKERS) {
            DraftTask task = tracker.active.get(event.taskId());
            if (task != null) {
                owners.add(task);
            }
        }
        if (owners.size() == 1) {
            owners.get(0).apply(event);
        } else if (owners.isEmpty()) {
            synchronized (ORPHANS) {
                if (ORPHANS.size() >= ORPHAN_CAPACITY) {
                    ORPHANS.removeFirst();
                }
                ORPHANS.addLast(event);
            }
        } else {
            LOG.debug("draft log line for task {} matches {} drafted hosts, not counted: {}", event.taskId(),
                    owners.size(), text);
        }
    }

    /** A parsed draft-relevant slot line: either an accepted-draft step or the slot's release. */
    record Event(int taskId, int accepted, int drafted, int nPast, boolean release, long receivedAtMs) {
        static Event parse(int taskId, String message) {
            Matcher accepted = ACCEPTED.matcher(message);
            if (accepted.find()) {
                return new Event(taskId, Integer.parseInt(accepted.group(1)), Integer.parseInt(accepted.group(2)),
                        Integer.parseInt(accepted.group(3)), false, System.currentTimeMillis());
            }
            Matcher released = RELEASED.matcher(message);
            if (released.find()) {
                return new Event(taskId, 0, 0, Integer.parseInt(released.group(1)), true, System.currentTimeMillis());
            }
            return null;
        }
    }
}
