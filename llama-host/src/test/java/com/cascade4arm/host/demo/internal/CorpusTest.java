package com.cascade4arm.host.demo.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CorpusTest {
    @Test
    void cutsAnswersIntoPiecesWithLeadingSpaceAndGluedPunctuation() {
        Corpus corpus = Corpus.parse("# comment\n\nThe sky is blue. Yes, it is!\n");

        assertThat(corpus.answers()).containsExactly(List.of("The", " sky", " is", " blue.", " Yes,", " it", " is!"));
    }

    @Test
    void rejectsCharactersTheTokenizerDoesNotCoverNamingLineAndColumn() {
        assertThatThrownBy(() -> Corpus.parse("Fine line.\nCaf\u00e9 au lait.\n"))
                .hasMessageContaining("line 2").hasMessageContaining("column 4");
    }

    @Test
    void bundledCorpusHasAFewThousandWordsOfAnswers() {
        Corpus corpus = Corpus.load();

        assertThat(corpus.pieceCount()).as("words in corpus.txt").isBetween(3_000, 10_000);
        assertThat(corpus.answers()).hasSizeGreaterThan(100);
    }

    @Test
    void tokenizesUncoveredGluedPiecesAsWordPlusPunctuation() {
        Vocabulary vocabulary = new Vocabulary(List.of(" sky", "The"));

        int[] ids = CorpusTokens.tokenize(vocabulary, List.of("The", " sky.", " moon"));

        assertThat(ids).containsExactly(vocabulary.newlineId(), vocabulary.idOf("The"), vocabulary.idOf(" sky"),
                '.', CorpusTokens.UNKNOWN, vocabulary.imEndId());
    }
}
