package com.cascade4arm.rules.facts;

/**
 * The message as RE2/J reads it under an {@link EvaluationDeadline}: every few characters it looks at the clock and,
 * once the condition's share of the budget is used, throws {@link Passed} out of the match — the only way to stop an automaton that is
 * linear but may cost milliseconds per thousand characters ({@code Ж[^a]{1000}x} on 32,000 'Ж': half a second).
 */
final class DeadlineText implements CharSequence {

    /** Characters read between two looks at the clock, minus one (a power of two): about 0.1 ms at the costliest pattern. */
    private static final int CHECK_MASK = 7;

    private final String text;
    private final EvaluationDeadline deadline;
    private long untilNanos;
    private int reads;

    /** Reads {@code text} for the condition {@code deadline} just began. */
    DeadlineText(String text, EvaluationDeadline deadline) {
        this.text = text;
        this.deadline = deadline;
        this.untilNanos = deadline.begin();
    }

    @Override
    public char charAt(int index) {
        if ((++reads & CHECK_MASK) == 0 && System.nanoTime() - untilNanos > 0) {
            untilNanos = timeLeft(deadline);
        }
        return text.charAt(index);
    }

    /** The wall clock says the time is up: the new wall deadline if the CPU time says otherwise, else {@link Passed}. */
    static long timeLeft(EvaluationDeadline deadline) {
        long until = deadline.extend();
        if (until == EvaluationDeadline.SPENT) {
            throw Passed.INSTANCE;
        }
        return until;
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return text.subSequence(start, end);
    }

    @Override
    public String toString() {
        return text;
    }

    /** Thrown out of a match when the deadline passed; no stack trace (it is control flow, not an error). */
    static final class Passed extends RuntimeException {
        static final Passed INSTANCE = new Passed();

        private Passed() {
            super("the evaluation deadline passed", null, false, false);
        }
    }
}
