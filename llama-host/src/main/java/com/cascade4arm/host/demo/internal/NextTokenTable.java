package com.cascade4arm.host.demo.internal;

import java.util.function.IntPredicate;

/**
 * A model's next-token table, logits[previous][next] = log P(next | previous): corpus bigram counts smoothed towards a
 * backoff distribution, with the designed greedy successor made the clear favourite and {@code <|im_end|>} likely after
 * sentence ends but never the favourite (so greedy runs to max_tokens while sampling ends answers by itself).
 */
public final class NextTokenTable {
    /** Logit of tokens the model should never say (unused bytes, "\n", specials other than im_end); ln P floor. */
    public static final float FLOOR_LOGIT = -14f;
    /** Weight (in pseudo-counts) of the backoff distribution inside a row. */
    static final double WORD_BACKOFF_WEIGHT = 0.2;
    static final double SENTENCE_END_BACKOFF_WEIGHT = 2.0;
    /** The designed successor outweighs every other token at least this many times (ln 1.5 ≈ 0.4 logits of margin). */
    static final double FAVOURITE_MARGIN = 1.5;
    /** Probability of ending the answer after a sentence end, capped below the favourite. */
    static final double END_AFTER_SENTENCE_PROBABILITY = 0.3;
    static final double END_CAP_RELATIVE_TO_FAVOURITE = 0.7;

    private final float[][] logits;

    private NextTokenTable(float[][] logits) {
        this.logits = logits;
    }

    /**
     * Builds the table. {@code successorConfidence} is the least probability of a designed successor in the rows that
     * pass {@code confidentRow}: 0 only makes it the favourite (varied sampling), a draft model uses more so that
     * llama.cpp's draft-p-min lets it draft ahead.
     */
    public static NextTokenTable build(Vocabulary vocabulary, BigramCounts counts, int[] successors,
                                       double successorConfidence, IntPredicate confidentRow) {
        int size = vocabulary.size();
        boolean[] sayable = sayable(vocabulary, counts);
        double[] wordBackoff = new double[size];
        double[] sentenceBackoff = new double[size];
        for (int a = 0; a < size; a++) {
            if (a == vocabulary.newlineId()) {
                continue; // answer openings ("The", no space) belong to the start of an answer only
            }
            for (int b = 0; b < size; b++) {
                if (sayable[b]) {
                    wordBackoff[b] += counts.count(a, b);
                    if (vocabulary.endsSentence(a)) {
                        sentenceBackoff[b] += counts.count(a, b);
                    }
                }
            }
        }
        normalize(wordBackoff);
        normalize(sentenceBackoff);
        float[][] logits = new float[size][];
        for (int a = 0; a < size; a++) {
            boolean sentenceEnd = vocabulary.endsSentence(a);
            double[] p = smoothedRow(sayable, counts, rowSource(vocabulary, counts, a),
                    sentenceEnd ? sentenceBackoff : wordBackoff,
                    sentenceEnd ? SENTENCE_END_BACKOFF_WEIGHT : WORD_BACKOFF_WEIGHT);
            shape(p, sentenceEnd, successors[a], confidentRow.test(a) ? successorConfidence : 0, vocabulary.imEndId());
            logits[a] = toLogits(p);
        }
        return new NextTokenTable(logits);
    }

    /** Rows never seen in the corpus (unused bytes, specials) behave like the start of an answer. */
    private static int rowSource(Vocabulary vocabulary, BigramCounts counts, int a) {
        return counts.rowTotal(a) > 0 ? a : vocabulary.newlineId();
    }

    private static double[] smoothedRow(boolean[] sayable, BigramCounts counts, int source, double[] backoff,
                                        double backoffWeight) {
        double[] p = new double[counts.size()];
        double total = 0;
        for (int b = 0; b < p.length; b++) {
            if (sayable[b]) {
                total += counts.count(source, b);
            }
        }
        for (int b = 0; b < p.length; b++) {
            if (sayable[b]) {
                p[b] = (counts.count(source, b) + backoffWeight * backoff[b]) / (total + backoffWeight);
            }
        }
        return p;
    }

    /** Puts the designed successor and im_end where they belong (weights, normalised at the end). */
    private static void shape(double[] p, boolean sentenceEnd, int successor, double confidence, int imEnd) {
        p[imEnd] = 0;
        normalize(p);
        if (sentenceEnd) {
            for (int b = 0; b < p.length; b++) {
                p[b] *= 1 - END_AFTER_SENTENCE_PROBABILITY;
            }
            p[imEnd] = END_AFTER_SENTENCE_PROBABILITY;
        }
        if (successor >= 0) {
            double others = 0;
            double strongestOther = 0;
            for (int b = 0; b < p.length; b++) {
                if (b != successor) {
                    others += p[b];
                    strongestOther = Math.max(strongestOther, p[b]);
                }
            }
            p[successor] = Math.max(p[successor], Math.max(FAVOURITE_MARGIN * strongestOther,
                    confidence / (1 - confidence) * others));
        }
        double favourite = 0;
        for (int b = 0; b < p.length; b++) {
            if (b != imEnd) {
                favourite = Math.max(favourite, p[b]);
            }
        }
        p[imEnd] = Math.min(p[imEnd], END_CAP_RELATIVE_TO_FAVOURITE * favourite);
        normalize(p);
    }

    private static float[] toLogits(double[] p) {
        float[] row = new float[p.length];
        for (int b = 0; b < p.length; b++) {
            row[b] = p[b] > 0 ? (float) Math.max(StrictMath.log(p[b]), FLOOR_LOGIT) : FLOOR_LOGIT;
        }
        return row;
    }

    /** Tokens that may follow in running text: word pieces and bytes the corpus uses as pieces ("." or "I"). */
    private static boolean[] sayable(Vocabulary vocabulary, BigramCounts counts) {
        boolean[] sayable = new boolean[vocabulary.size()];
        for (int id = 0; id < sayable.length; id++) {
            sayable[id] = !vocabulary.isSpecial(id) && id != vocabulary.newlineId()
                    && (vocabulary.isWordPiece(id) || counts.columnTotal(id) > 0);
        }
        return sayable;
    }

    private static void normalize(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        if (sum > 0) {
            for (int i = 0; i < values.length; i++) {
                values[i] /= sum;
            }
        }
    }

    public int size() {
        return logits.length;
    }

    public float logit(int previous, int next) {
        return logits[previous][next];
    }

    /** The most likely next token (lowest id on ties). */
    public int argmax(int previous) {
        int best = 0;
        for (int b = 1; b < logits[previous].length; b++) {
            if (logits[previous][b] > logits[previous][best]) {
                best = b;
            }
        }
        return best;
    }
}
