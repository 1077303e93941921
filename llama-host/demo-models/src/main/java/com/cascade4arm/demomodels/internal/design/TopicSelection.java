package com.cascade4arm.demomodels.internal.design;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * What the topic heads compute, in plain Java: the weight of each topic given the tokens seen so far (a softmax over
 * their salience). The tests and the corpus checks use it to see which answer a prompt selects.
 */
public final class TopicSelection {
    private TopicSelection() {
    }

    /** Weight per topic (answer index) after reading {@code tokens} (the whole chat prompt). */
    public static double[] weights(TopicKeys keys, int[] tokens, int topics) {
        double max = Arrays.stream(tokens).mapToDouble(keys::salience).max().orElse(Double.NEGATIVE_INFINITY);
        double[] weights = new double[topics];
        double total = 0;
        for (int token : tokens) {
            double weight = StrictMath.exp(DesignedBlock.TOPIC_SHARPNESS * (keys.salience(token) - max));
            total += weight;
            if (keys.topic(token) >= 0) {
                weights[keys.topic(token)] += weight;
            }
        }
        for (int t = 0; t < topics; t++) {
            weights[t] /= total;
        }
        return weights;
    }

    /** The topic with the largest weight. */
    public static int selected(TopicKeys keys, int[] tokens, int topics) {
        double[] weights = weights(keys, tokens, topics);
        return IntStream.range(0, topics).reduce((best, t) -> weights[t] > weights[best] ? t : best).orElse(0);
    }
}
