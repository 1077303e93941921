package com.cascade4arm.rules.facts;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The run-time cap on one decision's text conditions. Drools cannot be interrupted inside a constraint, so the cap
 * lives in the helpers the rules call ({@link PatternMatches}, {@link Phrases}): while a deadline is open on the
 * deciding thread they time themselves against what is left of the budget and check the clock as they read the text;
 * once it is spent they stop and answer "not contained" at once, remembering the first condition that ran out.
 * Only the CPU time of those helpers counts — not Drools compiling a constraint on its first use, nor a pause between
 * conditions, nor another thread running while this one waits for a core (on a busy 2-core machine a wall-clock budget
 * of 10 ms tripped on ordinary prompts). The clock read while a condition runs is the cheap wall clock; only when it
 * says the time is up is the thread's CPU time read, and the condition goes on if that is still within the budget. {@code RoutingRulebook.decide} opens one per decision and, when it ran out, falls back to the default
 * route (rules/design.md, "Time and stack").
 */
public final class EvaluationDeadline implements AutoCloseable {

    /** What {@link #extend()} answers when the budget is spent. */
    static final long SPENT = -1;
    private static final ThreadLocal<EvaluationDeadline> CURRENT = new ThreadLocal<>();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME = THREADS.isCurrentThreadCpuTimeSupported();

    private final EvaluationDeadline outer;
    private long remainingNanos;
    private long conditionStartedNanos;
    private long conditionStartedCpuNanos;
    private String exceededBy;

    private EvaluationDeadline(long budgetNanos, EvaluationDeadline outer) {
        this.remainingNanos = budgetNanos;
        this.outer = outer;
    }

    /** Opens a budget of {@code budgetNanos} on this thread; close it in a finally (try-with-resources). */
    public static EvaluationDeadline open(long budgetNanos) {
        EvaluationDeadline deadline = new EvaluationDeadline(budgetNanos, CURRENT.get());
        CURRENT.set(deadline);
        return deadline;
    }

    /** The budget open on this thread, or null (no cap: the rule vetting times conditions that way). */
    static EvaluationDeadline current() {
        return CURRENT.get();
    }

    /** True once the conditions have used the whole budget. */
    boolean spent() {
        return remainingNanos <= 0;
    }

    /** A condition starts: the {@link System#nanoTime()} by which it must end, unless {@link #extend()} says otherwise. */
    long begin() {
        conditionStartedNanos = System.nanoTime();
        conditionStartedCpuNanos = cpuNanos();
        return conditionStartedNanos + remainingNanos;
    }

    /**
     * The wall clock passed what {@link #begin()} returned: the new wall deadline when the condition's CPU time is still
     * within the budget (the thread was waiting for a core), or {@link #SPENT}.
     */
    long extend() {
        long left = remainingNanos - (cpuNanos() - conditionStartedCpuNanos);
        return left <= 0 ? SPENT : System.nanoTime() + left;
    }

    /** The condition that {@link #begin()} started ended: its CPU time comes off the budget. */
    void end() {
        remainingNanos -= cpuNanos() - conditionStartedCpuNanos;
    }

    /** This thread's CPU time, or the wall clock where the JVM cannot measure it. */
    private static long cpuNanos() {
        return CPU_TIME ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Records the first condition that ran out of time (later ones are not to blame). */
    void exceeded(String condition) {
        if (exceededBy == null) {
            exceededBy = condition;
        }
    }

    /** The text condition (a pattern or phrase literal) that was running when the time ran out; null while in time. */
    public String exceededBy() {
        return exceededBy;
    }

    @Override
    public void close() {
        if (outer == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(outer);
        }
    }
}
