package com.cascade4arm.demomodels.internal.design;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The k-hot codes of the designed block: an input code for every token that can be in the context of a step (4 of 64 dimensions, any two codes share at most 2), and an output code for every token a step can say (4 of
 * the NEXT_CODE dimensions, any two share at most 1). Tokens without a code get zeros: no neuron ever fires on them.
 */
public final class TokenCodes {
    public static final int ONES = 4;
    static final int INPUT_MAX_OVERLAP = 2;
    static final int OUTPUT_MAX_OVERLAP = 1;
    static final long INPUT_SEED = 0x1A2B_3C4D_5E6F_7081L;
    static final long OUTPUT_SEED = 0x7F6E_5D4C_3B2A_1908L;

    private final int[][] input;
    private final int[][] output;

    public TokenCodes(int vocabularySize, List<Neuron> neurons, int[] start) {
        TreeSet<Integer> contexts = new TreeSet<>();
        TreeSet<Integer> said = new TreeSet<>();
        Arrays.stream(start).forEach(contexts::add);
        for (Neuron neuron : neurons) {
            for (int distance = 1; distance <= Transition.CONTEXT; distance++) {
                contexts.add(neuron.previous(distance));
            }
            said.add(neuron.next());
        }
        input = new int[vocabularySize][];
        output = new int[vocabularySize][];
        KHotCodes inputCodes = new KHotCodes(Layout.CODE_WIDTH, ONES, INPUT_MAX_OVERLAP, INPUT_SEED);
        contexts.forEach(token -> input[token] = inputCodes.next());
        KHotCodes outputCodes = new KHotCodes(Layout.NEXT_CODE_WIDTH, ONES, OUTPUT_MAX_OVERLAP, OUTPUT_SEED);
        said.forEach(token -> output[token] = outputCodes.next());
    }

    /** Dimensions (within TOKEN_CODE / PREVIOUS_CODE) of the token's input code, or null. */
    public int[] input(int token) {
        return input[token];
    }

    /** Dimensions (within NEXT_CODE) of the token's output code, or null if no step says it. */
    public int[] output(int token) {
        return output[token];
    }
}
