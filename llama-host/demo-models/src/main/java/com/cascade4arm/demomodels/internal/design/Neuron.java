package com.cascade4arm.demomodels.internal.design;

import java.util.BitSet;

/**
 * One FFN neuron of the designed block: fires when the previous tokens are those of {@code step}'s context, scaled by
 * how much the prompt's topic is one of {@code topics}, and then raises the logit of the step's next token.
 */
public record Neuron(Transition step, BitSet topics) {
    public int next() {
        return step.next();
    }

    public boolean variant() {
        return step.variant();
    }

    /** The context token {@code distance} positions back. */
    public int previous(int distance) {
        return step.previous(distance);
    }
}
