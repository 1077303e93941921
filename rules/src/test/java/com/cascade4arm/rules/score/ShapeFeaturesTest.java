package com.cascade4arm.rules.score;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shape tokens are the same whatever the language: structure, not words. */
class ShapeFeaturesTest {

    @Test
    void aShortQuestionBeforeAPastedTextReadsTheSameInEveryLanguage() {
        String polish = "o której jest to spotkanie? \"Cześć, przesuwamy jutrzejsze spotkanie zespołu z 10:00 na 13:30,"
                + " bo Ania ma wizytę u lekarza. Proszę, potwierdźcie do wieczora, że wam pasuje.\"";
        String english = "when is the meeting? \"Hi all, we're moving tomorrow's team meeting from 10:00 to 13:30 because"
                + " Ann has a doctor's appointment. Please confirm by tonight that it works for you.\"";

        assertThat(withoutLength(ShapeFeatures.of(polish))).contains("ask-then-text", "quoted", "numbers:4")
                .isEqualTo(withoutLength(ShapeFeatures.of(english)));
    }

    @Test
    void namesThatComeBackAreCounted() {
        assertThat(ShapeFeatures.of("Ania, Bartek i Celina stoją w kolejce. Ania nie stoi pierwsza. Bartek stoi za"
                + " Celiną, ale nie bezpośrednio. Kto stoi gdzie?")).contains("names-repeated:3", "ends-with-question");
        assertThat(ShapeFeatures.of("2 + 2 * 3 = ?")).contains("operators:3", "numbers:3");
    }

    private static List<String> withoutLength(List<String> tokens) {
        return tokens.stream().filter(token -> !token.startsWith("len:")).toList();
    }
}
