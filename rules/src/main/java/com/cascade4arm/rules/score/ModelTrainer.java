package com.cascade4arm.rules.score;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Trains the category model: multinomial logistic regression by stochastic gradient descent with L2 regularisation on
 * features seen in at least {@value #MIN_PROMPTS_PER_FEATURE} prompts. Deterministic by construction: a fixed shuffle
 * seed, ordered iteration, StrictMath, and Java's strict floating point — the same prompts give the same model bytes.
 */
final class ModelTrainer {

    static final int EPOCHS = 30;
    static final double LEARNING_RATE = 1.0;
    /** The learning rate at epoch e is LEARNING_RATE / (1 + e * LEARNING_RATE_DECAY). */
    static final double LEARNING_RATE_DECAY = 0.1;
    static final double L2 = 3e-3;
    /** Features of a single prompt are that prompt's quirks, not the category's: they are left out. */
    static final int MIN_PROMPTS_PER_FEATURE = 2;
    static final long SHUFFLE_SEED = 19L;

    /** A prompt as training sees it: feature indexes, their values (count / sqrt(all occurrences)) and its class. */
    private record Example(int[] features, double[] values, int category) {
    }

    private ModelTrainer() {
    }

    static CategoryModel train(List<LabelledPrompt> prompts) {
        if (prompts.isEmpty()) {
            throw new IllegalArgumentException("prompts must not be empty");
        }
        List<String> categories = LabelledPrompts.CATEGORIES;
        List<Map<Integer, Integer>> counts = prompts.stream().map(p -> featureCounts(p.prompt())).toList();
        int[] keys = frequentFeatures(counts);
        Example[] examples = new Example[prompts.size()];
        for (int i = 0; i < examples.length; i++) {
            examples[i] = example(counts.get(i), keys, categories.indexOf(prompts.get(i).category()));
        }
        int k = categories.size();
        double[] weights = new double[keys.length * k];
        double[] bias = new double[k];
        Random random = new Random(SHUFFLE_SEED);
        int[] order = new int[examples.length];
        Arrays.setAll(order, i -> i);
        for (int epoch = 0; epoch < EPOCHS; epoch++) {
            shuffle(order, random);
            double rate = LEARNING_RATE / (1 + epoch * LEARNING_RATE_DECAY);
            for (int index : order) {
                step(examples[index], weights, bias, k, rate);
            }
        }
        return new CategoryModel(categories, toFloats(bias), keys, toFloats(weights));
    }

    private static void step(Example example, double[] weights, double[] bias, int k, double rate) {
        double[] logits = bias.clone();
        for (int f = 0; f < example.features().length; f++) {
            int base = example.features()[f] * k;
            for (int c = 0; c < k; c++) {
                logits[c] += weights[base + c] * example.values()[f];
            }
        }
        double[] probabilities = Softmax.of(logits);
        for (int c = 0; c < k; c++) {
            double gradient = probabilities[c] - (c == example.category() ? 1 : 0);
            bias[c] -= rate * gradient;
            for (int f = 0; f < example.features().length; f++) {
                int at = example.features()[f] * k + c;
                weights[at] -= rate * (gradient * example.values()[f] + L2 * weights[at]);
            }
        }
    }

    /** Feature hash → occurrences in one prompt; the total is stored under key 0, which no feature hash takes. */
    private static Map<Integer, Integer> featureCounts(String prompt) {
        Map<Integer, Integer> counts = new HashMap<>();
        Features.extract(prompt, (hash, kind, text, start, end, start2, end2) -> {
            counts.merge(hash, 1, Integer::sum);
            counts.merge(0, 1, Integer::sum);
        });
        return counts;
    }

    private static int[] frequentFeatures(List<Map<Integer, Integer>> counts) {
        Map<Integer, Integer> prompts = new HashMap<>();
        counts.forEach(c -> c.keySet().forEach(hash -> prompts.merge(hash, 1, Integer::sum)));
        return prompts.entrySet().stream()
                .filter(e -> e.getKey() != 0 && e.getValue() >= MIN_PROMPTS_PER_FEATURE)
                .mapToInt(Map.Entry::getKey).sorted().toArray();
    }

    private static Example example(Map<Integer, Integer> counts, int[] keys, int category) {
        double scale = 1 / Math.sqrt(Math.max(1, counts.getOrDefault(0, 0)));
        int[] present = counts.keySet().stream().mapToInt(Integer::intValue)
                .map(hash -> Arrays.binarySearch(keys, hash)).filter(index -> index >= 0).sorted().toArray();
        double[] values = new double[present.length];
        for (int f = 0; f < present.length; f++) {
            values[f] = counts.get(keys[present[f]]) * scale;
        }
        return new Example(present, values, category);
    }

    /** Fisher–Yates with java.util.Random, whose sequence the JDK specifies: the same on every JVM. */
    private static void shuffle(int[] order, Random random) {
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
    }

    private static float[] toFloats(double[] values) {
        float[] floats = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            floats[i] = (float) values[i];
        }
        return floats;
    }
}
