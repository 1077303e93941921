package com.cascade4arm.host.demo.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Chooses the vocabulary's word pieces from corpus frequencies and turns corpus answers into token ids. */
public final class CorpusTokens {
    /** Marks a piece that is not in the vocabulary: no bigram is counted across it. */
    public static final int UNKNOWN = -1;
    /** A piece with glued punctuation (" city.") only earns its own token when it occurs this often. */
    static final int MIN_GLUED_PIECE_COUNT = 2;

    private CorpusTokens() {
    }

    /** The most frequent pieces, at most {@code maxVocabularySize} tokens in all (bytes and specials included). */
    public static Vocabulary selectVocabulary(Corpus corpus, int maxVocabularySize) {
        Map<String, Integer> counts = new HashMap<>();
        for (List<String> answer : corpus.answers()) {
            for (String piece : answer) {
                counts.merge(piece, 1, Integer::sum);
                String bare = Corpus.bareWord(piece);
                if (!bare.equals(piece)) {
                    counts.merge(bare, 1, Integer::sum);
                }
            }
        }
        List<String> candidates = new ArrayList<>();
        counts.forEach((piece, count) -> {
            boolean glued = Corpus.trailingPunctuation(piece) != null;
            if (piece.length() > 1 && (!glued || count >= MIN_GLUED_PIECE_COUNT)) {
                candidates.add(piece);
            }
        });
        candidates.sort(Comparator.comparing((String piece) -> -counts.get(piece)).thenComparing(piece -> piece));
        int budget = maxVocabularySize - 256 - 3;
        return new Vocabulary(candidates.subList(0, Math.min(budget, candidates.size())));
    }

    /** "\n", the answer's token ids (UNKNOWN where a piece is not covered), then {@code <|im_end|>}. */
    public static int[] tokenize(Vocabulary vocabulary, List<String> answer) {
        List<Integer> ids = new ArrayList<>();
        ids.add(vocabulary.newlineId());
        for (String piece : answer) {
            int id = vocabulary.idOf(piece);
            if (id >= 0) {
                ids.add(id);
                continue;
            }
            String punctuation = Corpus.trailingPunctuation(piece);
            int bareId = vocabulary.idOf(Corpus.bareWord(piece));
            ids.add(bareId >= 0 ? bareId : UNKNOWN);
            if (punctuation != null) {
                ids.add(vocabulary.idOf(punctuation));
            }
        }
        ids.add(vocabulary.imEndId());
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }
}
