package com.cascade4arm.rules.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scoring path's hashes ({@link Features#hashes}, 4-grams continued from 3-grams) are the ones training reads. */
class FeaturesTest {

    @Test
    void hashesAreTheFeaturesExtractReportsInTheSameOrder() {
        List<String> prompts = new ArrayList<>(List.of("", " ", "a", "ab", "abc", "abcd", "Why?", "x += 1; 9:40",
                "Erkläre es Schritt für Schritt", "İSTANBUL ΣΑΣ 𝒳", "word ".repeat(400)));
        LabelledPrompts.bundled().stream().limit(300).forEach(p -> prompts.add(p.prompt()));
        for (String prompt : prompts) {
            List<Integer> reported = new ArrayList<>();
            Features.extract(prompt, (hash, kind, text, start, end, start2, end2) -> reported.add(hash));
            assertThat(Features.hashes(prompt)).as(prompt).containsExactly(
                    reported.stream().mapToInt(Integer::intValue).toArray());
        }
    }
}
