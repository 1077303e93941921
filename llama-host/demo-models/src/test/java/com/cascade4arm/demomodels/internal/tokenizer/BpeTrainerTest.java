package com.cascade4arm.demomodels.internal.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BpeTrainerTest {
    static final List<String> TEXTS = List.of("the cat sat on the mat", "the cat ate the rat", "a cat and a rat");

    @Test
    void mergesTheMostFrequentPairFirst() {
        List<String[]> merges = BpeTrainer.train(TEXTS, 3);

        // "at" occurs in cat/sat/mat/ate/rat (9 times), more than any other pair
        assertThat(merges.get(0)).containsExactly("a", "t");
    }

    @Test
    void trainsTheSameMergesEveryTime() {
        List<String> first = BpeTrainer.train(TEXTS, 40).stream().map(pair -> pair[0] + " " + pair[1]).toList();
        List<String> second = BpeTrainer.train(TEXTS, 40).stream().map(pair -> pair[0] + " " + pair[1]).toList();

        assertThat(second).isEqualTo(first).isNotEmpty();
    }

    @Test
    void everyMergedTokenIsBuiltFromEarlierTokensAndEncodesToItself() {
        BpeVocabulary vocabulary = new BpeVocabulary(BpeTrainer.train(TEXTS, 40));

        for (int id = 256; id < vocabulary.size() - 3; id++) {
            int[] parts = vocabulary.mergeParts(id);
            assertThat(parts[0]).as("left part of %s", vocabulary.text(id)).isLessThan(id);
            assertThat(parts[1]).as("right part of %s", vocabulary.text(id)).isLessThan(id);
            assertThat(vocabulary.encode(vocabulary.text(id))).as("encoding of '%s'", vocabulary.text(id)).containsExactly(id);
        }
    }

    @Test
    void stopsWhenNoPairOccursTwice() {
        assertThat(BpeTrainer.train(List.of("abc"), 10)).isEmpty();
    }
}
