package com.cascade4arm.demomodels.internal.design;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Merges the transitions of all answers into neurons: one per distinct step, listing the topics that take it. */
public final class NeuronTable {
    private NeuronTable() {
    }

    /** Neurons in a deterministic order (first answer, first step first). */
    public static List<Neuron> build(List<AnswerTransitions> answers, Function<AnswerTransitions, List<Transition>> steps) {
        Map<Transition, BitSet> topics = new LinkedHashMap<>();
        for (int topic = 0; topic < answers.size(); topic++) {
            for (Transition step : steps.apply(answers.get(topic))) {
                topics.computeIfAbsent(step, key -> new BitSet()).set(topic);
            }
        }
        List<Neuron> neurons = new ArrayList<>(topics.size());
        topics.forEach((step, set) -> neurons.add(new Neuron(step, set)));
        return neurons;
    }
}
