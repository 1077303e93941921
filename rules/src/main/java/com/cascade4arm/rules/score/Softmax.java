package com.cascade4arm.rules.score;

/** Logits to probabilities, with StrictMath so that training and scoring give the same bits on every platform. */
final class Softmax {

    private Softmax() {
    }

    static double[] of(double[] logits) {
        double max = Double.NEGATIVE_INFINITY;
        for (double logit : logits) {
            max = Math.max(max, logit);
        }
        double[] probabilities = new double[logits.length];
        double sum = 0;
        for (int k = 0; k < logits.length; k++) {
            probabilities[k] = StrictMath.exp(logits[k] - max);
            sum += probabilities[k];
        }
        for (int k = 0; k < logits.length; k++) {
            probabilities[k] /= sum;
        }
        return probabilities;
    }
}
