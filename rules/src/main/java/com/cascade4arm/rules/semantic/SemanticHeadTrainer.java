package com.cascade4arm.rules.semantic;

import com.cascade4arm.rules.score.LabelledPrompt;
import java.util.List;

/**
 * Trains the semantic head: L2-regularised logistic regression by full-batch gradient descent, a fixed number of
 * steps from zero weights, sums in prompt order with StrictMath — the same embeddings give the same bytes. No
 * shuffling, no third-party library.
 */
public final class SemanticHeadTrainer {

    static final int STEPS = 400;
    static final double LEARNING_RATE = 4.0;
    static final double L2 = 1e-3;

    private SemanticHeadTrainer() {
    }

    /** Embeds each prompt with {@code encoder} and trains on their routes. */
    public static SemanticHead train(List<LabelledPrompt> prompts, SentenceEncoder encoder) {
        float[][] embeddings = new float[prompts.size()][];
        boolean[] large = new boolean[prompts.size()];
        for (int i = 0; i < embeddings.length; i++) {
            embeddings[i] = encoder.embed(prompts.get(i).prompt());
            large[i] = "large".equals(prompts.get(i).route());
        }
        return train(embeddings, large);
    }

    /** Trains on embeddings (all of one length) and whether each one's prompt needs the large model. */
    public static SemanticHead train(float[][] embeddings, boolean[] large) {
        if (embeddings.length == 0 || embeddings.length != large.length) {
            throw new IllegalArgumentException("need as many labels as embeddings, at least one, but had "
                    + embeddings.length + " and " + large.length);
        }
        int n = embeddings.length;
        int d = embeddings[0].length;
        double[] w = new double[d];
        double bias = 0;
        double[] gradient = new double[d];
        for (int step = 0; step < STEPS; step++) {
            java.util.Arrays.fill(gradient, 0);
            double biasGradient = 0;
            for (int i = 0; i < n; i++) {
                float[] x = embeddings[i];
                double logit = bias;
                for (int j = 0; j < d; j++) {
                    logit += w[j] * x[j];
                }
                double error = 1 / (1 + StrictMath.exp(-logit)) - (large[i] ? 1 : 0);
                biasGradient += error;
                for (int j = 0; j < d; j++) {
                    gradient[j] += error * x[j];
                }
            }
            bias -= LEARNING_RATE * biasGradient / n;
            for (int j = 0; j < d; j++) {
                w[j] -= LEARNING_RATE * (gradient[j] / n + L2 * w[j]);
            }
        }
        float[] weights = new float[d];
        for (int j = 0; j < d; j++) {
            weights[j] = (float) w[j];
        }
        return new SemanticHead((float) bias, weights);
    }
}
