package com.cascade4arm.demomodels.internal.design;

import java.util.Arrays;

/**
 * Constant query and key of the attention heads that look at the token {@code distance} positions back. RoPE turns
 * q·k into {@code sum_i w_i cos((m - n - distance) theta_i)} for query position m and key position n: largest at
 * n = m - distance. The weights
 * spread over the ten fastest-rotating pairs were searched so that every other distance up to
 * {@link #CHECKED_DISTANCE} scores at least {@link #WORST_GAP} of the peak lower (the tests recompute it).
 */
public final class PreviousTokenHead {
    /** qwen2.rope.freq_base: Qwen2.5's own value; its slowest pairs barely rotate, which the topic heads rely on. */
    public static final float ROPE_FREQ_BASE = 1_000_000f;
    static final double[] WEIGHTS = {0.446, 0.069, 0.056, 0.050, 0.068, 0.045, 0.110, 0.049, 0.049, 0.059};
    /** Attention score (nats, after llama.cpp's 1/sqrt(head_dim)) of the previous token. */
    static final double PEAK_SCORE = 60;
    static final int CHECKED_DISTANCE = 8_192;
    static final double WORST_GAP = 0.22;
    /** Key components (F16 KV cache): small; the query carries the magnitude. */
    static final float KEY = 4f;

    private PreviousTokenHead() {
    }

    /** theta_i of rotary pair i for a head dimension of 64, as llama.cpp's NEOX RoPE computes it. */
    public static double theta(int pair) {
        return StrictMath.pow(ROPE_FREQ_BASE, -2.0 * pair / Layout.HEAD_DIMENSION);
    }

    /** The query bias of the head's 64 dimensions (NEOX pairs: dimension i rotates with i + 32). */
    static float[] query(int distance) {
        float[] q = new float[Layout.HEAD_DIMENSION];
        double norm = Arrays.stream(WEIGHTS).reduce(0, Double::sum); // in order, as a loop adds (sum() compensates)
        double scale = StrictMath.sqrt(Layout.HEAD_DIMENSION);
        for (int i = 0; i < WEIGHTS.length; i++) {
            double radius = scale * PEAK_SCORE * WEIGHTS[i] / norm / KEY;
            q[i] = (float) (radius * StrictMath.cos(-distance * theta(i)));
            q[i + Layout.HEAD_DIMENSION / 2] = (float) (radius * StrictMath.sin(-distance * theta(i)));
        }
        return q;
    }

    /** The key bias of the head's 64 dimensions. */
    static float[] key() {
        float[] k = new float[Layout.HEAD_DIMENSION];
        Arrays.fill(k, 0, WEIGHTS.length, KEY);
        return k;
    }

    /** Scores of the head looking {@code distance} back for keys 0..maxOffset positions before the query. */
    public static double[] scores(int distance, int maxOffset) {
        float[] q = query(distance);
        float[] k = key();
        double[] scores = new double[maxOffset + 1];
        for (int offset = 0; offset <= maxOffset; offset++) {
            scores[offset] = score(q, k, offset);
        }
        return scores;
    }

    private static double score(float[] q, float[] k, int offset) {
        double sum = 0;
        int half = Layout.HEAD_DIMENSION / 2;
        for (int i = 0; i < WEIGHTS.length; i++) { // the other pairs are zero in q and k
            double angle = offset * theta(i);
            // rotating q by m*theta and k by n*theta leaves q·k rotated by (m - n)*theta
            double q0 = q[i] * StrictMath.cos(angle) - q[i + half] * StrictMath.sin(angle);
            sum += q0 * k[i];
            double q1 = q[i] * StrictMath.sin(angle) + q[i + half] * StrictMath.cos(angle);
            sum += q1 * k[i + half];
        }
        return sum / StrictMath.sqrt(Layout.HEAD_DIMENSION);
    }
}
