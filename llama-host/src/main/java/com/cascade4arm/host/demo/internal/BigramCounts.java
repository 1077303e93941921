package com.cascade4arm.host.demo.internal;

import java.util.List;
import java.util.function.IntPredicate;

/** How often token b follows token a in (a selection of) the corpus answers: the raw material of a model's table. */
public final class BigramCounts {
    private final int[][] counts;
    private final int[] rowTotals;

    private BigramCounts(int size) {
        counts = new int[size][size];
        rowTotals = new int[size];
    }

    /** Counts over the answers whose index passes {@code keepAnswer}. */
    public static BigramCounts count(Vocabulary vocabulary, Corpus corpus, IntPredicate keepAnswer) {
        BigramCounts result = new BigramCounts(vocabulary.size());
        List<List<String>> answers = corpus.answers();
        for (int index = 0; index < answers.size(); index++) {
            if (!keepAnswer.test(index)) {
                continue;
            }
            int[] ids = CorpusTokens.tokenize(vocabulary, answers.get(index));
            for (int k = 1; k < ids.length; k++) {
                if (ids[k - 1] != CorpusTokens.UNKNOWN && ids[k] != CorpusTokens.UNKNOWN) {
                    result.counts[ids[k - 1]][ids[k]]++;
                    result.rowTotals[ids[k - 1]]++;
                }
            }
        }
        return result;
    }

    public int size() {
        return counts.length;
    }

    public int count(int previous, int next) {
        return counts[previous][next];
    }

    public int rowTotal(int previous) {
        return rowTotals[previous];
    }

    /** How often {@code next} follows anything. */
    public int columnTotal(int next) {
        int total = 0;
        for (int[] row : counts) {
            total += row[next];
        }
        return total;
    }
}
