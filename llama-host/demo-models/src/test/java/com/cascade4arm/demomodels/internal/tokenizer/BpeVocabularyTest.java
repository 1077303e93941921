package com.cascade4arm.demomodels.internal.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.demomodels.internal.design.DemoDesign;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

public class BpeVocabularyTest {
    /** Plain English not taken from the corpus: how a user writes (RealLlamaServerIT tokenizes it too). */
    public static final String ENGLISH = "Last summer we rented a small house near the coast. Every morning the children ran "
            + "down to the beach while we drank coffee and read the news. In the afternoon it often rained, so we played "
            + "cards, cooked long dinners and talked about the places we wanted to visit next year.";

    private final BpeVocabulary vocabulary = DemoDesign.shared().vocabulary();

    @ParameterizedTest
    @ValueSource(strings = {ENGLISH, "def f(x):\n    return x * 2  # twice\n", "Caf\u00e9 \u00fcber \u4e2d\u6587 \ud83d\ude00!",
            "  leading and trailing spaces  ", "3:15 pm, 180 km at 80 km/h"})
    void roundTripsTextThroughTokens(String text) {
        assertThat(vocabulary.decode(vocabulary.encode(text))).isEqualTo(text);
    }

    @Test
    void tokenizesEnglishToAtLeastThreeCharactersPerToken() {
        int tokens = vocabulary.encode(ENGLISH).length;
        double charsPerToken = ENGLISH.length() / (double) tokens;
        System.out.printf("fixed English text: %d characters, %d tokens, %.2f characters per token%n",
                ENGLISH.length(), tokens, charsPerToken);

        assertThat(charsPerToken).isGreaterThanOrEqualTo(3.0);
    }

    @Test
    void splitsDigitsOneByOneLikeQwen2() {
        assertThat(Arrays.stream(vocabulary.encode("2024")).mapToObj(vocabulary::text)).containsExactly("2", "0", "2", "4");
    }

    @Test
    void listsChatMlControlTokensLast() {
        assertThat(vocabulary.imEndId()).isEqualTo(vocabulary.size() - 1);
        assertThat(vocabulary.isSpecial(vocabulary.imStartId())).isTrue();
        assertThat(vocabulary.tokenTypes().get(vocabulary.imEndId())).isEqualTo(BpeVocabulary.TYPE_CONTROL);
        assertThat(vocabulary.merges()).hasSize(vocabulary.size() - 256 - 3);
    }
}
