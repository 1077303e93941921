package com.cascade4arm.demomodels.internal.design;

import java.util.List;

/**
 * The weights that carry the demo models' behaviour, as flat row-major arrays in ggml's layout (a {@code [in, out]}
 * matrix stores row {@code out} at {@code out * in}): token embeddings, block 0 (previous-token head, topic heads,
 * one FFN neuron per answer step) and the output layer. Every other block is inert padding.
 *
 * <p>RMS norm divides by the residual's length, so every embedding has length {@link #RADIUS} (a padding dimension makes
 * up the rest) and what attention and the FFN add is small against it: each layer reads its inputs at a known scale.
 */
public final class DesignedBlock {
    static final int W = Layout.WIDTH;
    /** Length of every token embedding, and the anchor component inside it. */
    static final float RADIUS = 32f;
    static final float ANCHOR_VALUE = 30f;
    /** Attention score (nats) per unit of salience difference between two prompt tokens. */
    static final float TOPIC_SHARPNESS = 30f;
    static final float TOPIC_KEY = 4f;
    /** A neuron's gate is GATE_SHARPNESS * (matches of its context tokens - GATE_THRESHOLD), each match 0..1. */
    static final float GATE_SHARPNESS = 40f;
    static final float GATE_THRESHOLD = Transition.CONTEXT - 0.25f;
    /** Logit a step adds to its next token (at full topic weight); a variant's first step adds VARIANT_GAP less. */
    public static final float STEP_LOGIT = 12f;
    public static final float VARIANT_GAP = 0.35f;
    /**
     * Logit of {@code <|im_end|>} when no step fires (the model lost its place, e.g. after sampling junk at a high
     * temperature): the target then ends the answer. The draft has none, so when it is lost it is unsure and stops
     * drafting instead of proposing an end the target would reject.
     */
    public static final float LOST_END_LOGIT = 4f;
    /** Logit of tokens no answer ever says (unused bytes, sub-words of prompts only, other specials). */
    public static final float NEVER_SAID_LOGIT = -30f;
    /** Residual units the FFN writes per logit of the output layer: small, so RMS norm hardly changes. */
    static final float NEXT_CODE_SCALE = 0.05f;

    private final DemoDesign design;
    private final boolean draft;
    private final List<Neuron> neurons;
    private final int feedForward;

    public DesignedBlock(DemoDesign design, boolean draft) {
        this.design = design;
        this.draft = draft;
        this.neurons = design.neurons(draft);
        this.feedForward = (neurons.size() + 31) / 32 * 32;
    }

    /** qwen2.feed_forward_length: neurons rounded up to a multiple of 32 (a quantization block). */
    public int feedForwardLength() {
        return feedForward;
    }

    public int vocabularySize() {
        return design.vocabulary().size();
    }

    /** token_embd: anchor, salience, own code, topic value; padded to length RADIUS. */
    public float[] tokenEmbeddings() {
        int vocab = vocabularySize();
        float[] rows = new float[W * vocab];
        for (int v = 0; v < vocab; v++) {
            int row = v * W;
            double squares = ANCHOR_VALUE * ANCHOR_VALUE;
            rows[row + Layout.ANCHOR] = ANCHOR_VALUE;
            float salience = design.keys().salience(v);
            rows[row + Layout.SALIENCE] = salience;
            squares += salience * salience;
            int[] code = design.codes().input(v);
            if (code != null) {
                for (int d : code) {
                    rows[row + Layout.TOKEN_CODE + d] = 1f;
                }
                squares += code.length;
            }
            int topic = design.keys().topic(v);
            if (topic >= 0) {
                rows[row + Layout.TOPIC_VALUE + topic] = 1f;
                squares += 1;
            }
            rows[row + Layout.NORM_PAD] = (float) StrictMath.sqrt(RADIUS * RADIUS - squares);
        }
        return rows;
    }

    /** Scale RMS norm applies to an embedding: sqrt(width) / RADIUS. */
    static double embeddingNormScale() {
        return StrictMath.sqrt(W) / RADIUS;
    }

    /** Scale RMS norm applies after attention added the previous codes (4 ones each) and a topic (length <= 1). */
    static double blockNormScale() {
        return StrictMath.sqrt(W) / StrictMath.sqrt(RADIUS * RADIUS + Layout.LOOK_BACK * TokenCodes.ONES + 1);
    }

    public float[] queryBias() {
        float[] bias = new float[W];
        for (int distance = 1; distance <= Layout.LOOK_BACK; distance++) {
            float[] previous = PreviousTokenHead.query(distance);
            System.arraycopy(previous, 0, bias, Layout.queryHeadOf(distance - 1) * Layout.HEAD_DIMENSION, previous.length);
        }
        float topicQuery = (float) (TOPIC_SHARPNESS * StrictMath.sqrt(Layout.HEAD_DIMENSION) / TOPIC_KEY);
        for (int h = 0; h < Layout.TOPIC_KV_HEADS; h++) {
            // pair 31 (dimensions 31 and 63) rotates by ~1e-6 rad per position: content decides, not position
            bias[Layout.queryHeadOf(Layout.FIRST_TOPIC_KV_HEAD + h) * Layout.HEAD_DIMENSION + slowPair()] = topicQuery;
        }
        return bias;
    }

    public float[] keyWeights() {
        float[] rows = new float[W * Layout.KV_WIDTH];
        for (int h = 0; h < Layout.TOPIC_KV_HEADS; h++) {
            int out = (Layout.FIRST_TOPIC_KV_HEAD + h) * Layout.HEAD_DIMENSION + slowPair();
            rows[out * W + Layout.SALIENCE] = (float) (TOPIC_KEY / embeddingNormScale());
        }
        return rows;
    }

    public float[] keyBias() {
        float[] bias = new float[Layout.KV_WIDTH];
        float[] previous = PreviousTokenHead.key();
        for (int head = 0; head < Layout.LOOK_BACK; head++) {
            System.arraycopy(previous, 0, bias, head * Layout.HEAD_DIMENSION, previous.length);
        }
        return bias;
    }

    /** V of the previous-token heads is the token's code; V of the topic heads is its topic value. */
    public float[] valueWeights() {
        float[] rows = new float[W * Layout.KV_WIDTH];
        float unscale = (float) (1 / embeddingNormScale());
        for (int head = 0; head < Layout.LOOK_BACK; head++) {
            for (int d = 0; d < Layout.CODE_WIDTH; d++) {
                rows[(head * Layout.HEAD_DIMENSION + d) * W + Layout.TOKEN_CODE + d] = unscale;
            }
        }
        for (int t = 0; t < Layout.TOPIC_WIDTH; t++) {
            int out = (Layout.FIRST_TOPIC_KV_HEAD + t / Layout.HEAD_DIMENSION) * Layout.HEAD_DIMENSION + t % Layout.HEAD_DIMENSION;
            rows[out * W + Layout.TOPIC_VALUE + t] = unscale;
        }
        return rows;
    }

    /** attn_output: the previous-token heads into the codes of the tokens before, the topic heads into TOPIC. */
    public float[] outputProjection() {
        float[] rows = new float[W * W];
        for (int distance = 1; distance <= Layout.LOOK_BACK; distance++) {
            int head = Layout.queryHeadOf(distance - 1) * Layout.HEAD_DIMENSION;
            for (int d = 0; d < Layout.CODE_WIDTH; d++) {
                rows[(Layout.codeAt(distance) + d) * W + head + d] = 1f;
            }
        }
        for (int t = 0; t < Layout.TOPIC_WIDTH; t++) {
            int head = Layout.queryHeadOf(Layout.FIRST_TOPIC_KV_HEAD + t / Layout.HEAD_DIMENSION) * Layout.HEAD_DIMENSION;
            rows[(Layout.TOPIC + t) * W + head + t % Layout.HEAD_DIMENSION] = 1f;
        }
        return rows;
    }

    /** ffn_gate: neuron n fires when the token and the ones before it carry its context codes. */
    public float[] gate() {
        float[] rows = new float[W * feedForward];
        float perOne = (float) (GATE_SHARPNESS / TokenCodes.ONES / blockNormScale());
        float bias = (float) (-GATE_THRESHOLD * GATE_SHARPNESS / ANCHOR_VALUE / blockNormScale());
        for (int n = 0; n < neurons.size(); n++) {
            Neuron neuron = neurons.get(n);
            int row = n * W;
            for (int distance = 0; distance < Transition.CONTEXT; distance++) {
                for (int d : design.codes().input(neuron.previous(distance + 1))) {
                    rows[row + Layout.codeAt(distance) + d] = perOne;
                }
            }
            rows[row + Layout.ANCHOR] = bias;
        }
        return rows;
    }

    /** ffn_up: neuron n is scaled by the prompt's weight on the topics that take its step. */
    public float[] up() {
        float[] rows = new float[W * feedForward];
        float unscale = (float) (1 / blockNormScale());
        for (int n = 0; n < neurons.size(); n++) {
            int row = n * W;
            neurons.get(n).topics().stream().forEach(topic -> rows[row + Layout.TOPIC + topic] = unscale);
        }
        return rows;
    }

    /** ffn_down: neuron n writes the output code of its next token (row = residual dimension, column = neuron). */
    public float[] down() {
        float[] rows = new float[feedForward * W];
        double fired = silu(GATE_SHARPNESS * (Transition.CONTEXT - GATE_THRESHOLD));
        for (int n = 0; n < neurons.size(); n++) {
            Neuron neuron = neurons.get(n);
            float logit = neuron.variant() ? STEP_LOGIT - VARIANT_GAP : STEP_LOGIT;
            float value = (float) (logit * NEXT_CODE_SCALE / fired);
            for (int d : design.codes().output(neuron.next())) {
                rows[(Layout.NEXT_CODE + d) * feedForward + n] = value;
            }
        }
        return rows;
    }

    /** output: the logit of token v is its code's share of NEXT_CODE, plus a fixed bias through the anchor. */
    public float[] output() {
        int vocab = vocabularySize();
        float[] rows = new float[W * vocab];
        double scale = blockNormScale();
        float perOne = (float) (1 / (NEXT_CODE_SCALE * TokenCodes.ONES * scale));
        int end = design.vocabulary().imEndId();
        for (int v = 0; v < vocab; v++) {
            int row = v * W;
            int[] code = design.codes().output(v);
            float bias = code == null ? NEVER_SAID_LOGIT : v == end && !draft ? LOST_END_LOGIT : 0f;
            rows[row + Layout.ANCHOR] = (float) (bias / (ANCHOR_VALUE * scale));
            if (code != null) {
                for (int d : code) {
                    rows[row + Layout.NEXT_CODE + d] = perOne;
                }
            }
        }
        return rows;
    }

    /** The rotary pair whose angle barely moves (the slowest of the head). */
    static int slowPair() {
        return Layout.HEAD_DIMENSION / 2 - 1;
    }

    static double silu(double x) {
        return x / (1 + StrictMath.exp(-x));
    }
}
