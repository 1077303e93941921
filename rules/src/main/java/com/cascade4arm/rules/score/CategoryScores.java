package com.cascade4arm.rules.score;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The category model's verdict on one prompt: a probability per category (summing to 1) and the most likely one. */
public final class CategoryScores {

    private final List<String> categories;
    private final double[] probabilities;
    private final int top;

    CategoryScores(List<String> categories, double[] probabilities) {
        this.categories = categories;
        this.probabilities = probabilities;
        int best = 0;
        for (int i = 1; i < probabilities.length; i++) {
            if (probabilities[i] > probabilities[best]) {
                best = i;
            }
        }
        this.top = best;
    }

    /** The probability of {@code category}, 0 for a category the model does not know. */
    public double probability(String category) {
        int index = categories.indexOf(category);
        return index < 0 ? 0 : probabilities[index];
    }

    /** The most likely category. */
    public String top() {
        return categories.get(top);
    }

    public double topProbability() {
        return probabilities[top];
    }

    /** Probabilities by category, in the model's category order. */
    public Map<String, Double> asMap() {
        Map<String, Double> map = new LinkedHashMap<>();
        for (int i = 0; i < probabilities.length; i++) {
            map.put(categories.get(i), probabilities[i]);
        }
        return map;
    }

    @Override
    public String toString() {
        return "CategoryScores" + asMap();
    }
}
