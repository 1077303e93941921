package com.cascade4arm.rules.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scoring path's hashes ({@link Features#hashes}, 4-grams continued from 3-grams) are the ones training reads. */
class FeaturesTest {

    @Test
    void asciiShortcutsAnswerAsCharacterDoes() {
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            char ch = (char) c;
            assertThat(Features.isWhitespace(ch)).as("isWhitespace %04x", c).isEqualTo(Character.isWhitespace(ch));
            assertThat(Features.isLetterOrDigit(ch)).as("isLetterOrDigit %04x", c).isEqualTo(Character.isLetterOrDigit(ch));
            if (c < 0x80 && !Character.isWhitespace(ch)) {
                char normalised = Features.normalized(String.valueOf(ch))[1];
                assertThat(normalised).as("normalised %04x", c)
                        .isEqualTo(Character.isDigit(ch) ? '0' : Character.toLowerCase(ch));
            }
        }
    }

    @Test
    void hashesAreTheFeaturesExtractReportsInTheSameOrder() {
        List<String> prompts = new ArrayList<>(List.of("", " ", "a", "ab", "abc", "abcd", "Why?", "x += 1; 9:40",
                "Erkläre es Schritt für Schritt", "İSTANBUL ΣΑΣ 𝒳", "word ".repeat(400),
                "tabs\tand\u001cseparators\u001f \u00a0 \u3000 ٣٤٥ ５０ ½ ǅ ẞ", "a", "ab cd", "x".repeat(1_500)));
        LabelledPrompts.bundled().stream().limit(300).forEach(p -> prompts.add(p.prompt()));
        for (String prompt : prompts) {
            List<Integer> reported = new ArrayList<>();
            Features.extract(prompt, (hash, kind, text, start, end, start2, end2) -> reported.add(hash));
            assertThat(Features.hashes(prompt)).as(prompt).containsExactly(
                    reported.stream().mapToInt(Integer::intValue).toArray());
        }
    }
}
