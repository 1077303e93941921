package com.cascade4arm.demomodels.internal.design;

/**
 * "After these {@link #CONTEXT} tokens, say {@code next}": one step of an answer, known to the model as an FFN neuron.
 * {@code variant} marks the first step into a variant wording, which the model says less often than the main one.
 *
 * @param context the previous tokens packed 16 bits each, oldest first (see {@link #pack})
 */
public record Transition(long context, int next, boolean variant) {
    /** Tokens of context a step depends on: the token itself and the three before it. */
    public static final int CONTEXT = 4;
    static final int BITS = 16;

    /** Packs {@code sequence[end - CONTEXT, end)}; token ids must be below 2^16. */
    public static long pack(int[] sequence, int end) {
        long key = 0;
        for (int i = end - CONTEXT; i < end; i++) {
            if (sequence[i] >>> BITS != 0) {
                throw new IllegalArgumentException("token id " + sequence[i] + " does not fit in " + BITS + " bits");
            }
            key = (key << BITS) | sequence[i];
        }
        return key;
    }

    /** The context token {@code distance} positions back (1 = the token just before {@code next}). */
    public int previous(int distance) {
        return (int) ((context >>> (BITS * (distance - 1))) & ((1 << BITS) - 1));
    }
}
