package com.cascade4arm.rules.score;

import java.util.Map;

/** Category models with chosen probabilities, so rule tests can sit exactly on a score threshold. */
public final class TestModels {

    private TestModels() {
    }

    /**
     * A model without features that gives every prompt these probabilities (categories left out share the rest).
     * Probabilities are stored as log biases, so {@code topScore} reads back to three decimals.
     */
    public static CategoryModel withProbabilities(Map<String, Double> probabilities) {
        double given = probabilities.values().stream().mapToDouble(Double::doubleValue).sum();
        long others = LabelledPrompts.CATEGORIES.stream().filter(c -> !probabilities.containsKey(c)).count();
        float[] bias = new float[LabelledPrompts.CATEGORIES.size()];
        for (int k = 0; k < bias.length; k++) {
            double p = probabilities.getOrDefault(LabelledPrompts.CATEGORIES.get(k), (1 - given) / others);
            bias[k] = (float) Math.log(p);
        }
        return new CategoryModel(LabelledPrompts.CATEGORIES, bias, new int[0], new float[0]);
    }
}
