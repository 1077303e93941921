package com.cascade4arm.demomodels.internal.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkedTextTest {
    @Test
    void readsChoicesWithTheMainOptionFirst() {
        MarkedText text = MarkedText.parse("It is [[also|]] the [[largest|biggest]] city.", "test");

        assertThat(text.main()).isEqualTo("It is also the largest city.");
        assertThat(text.allOptions()).isEqualTo("It is also the largestbiggest city.");
        assertThat(text.segments()).containsExactly(List.of("It is "), List.of("also", ""), List.of(" the "),
                List.of("largest", "biggest"), List.of(" city."));
    }

    @Test
    void rejectsAnUnclosedChoiceNamingWhere() {
        assertThatThrownBy(() -> MarkedText.parse("a [[b|c", "factual.txt answer x"))
                .hasMessageContaining("factual.txt answer x").hasMessageContaining("never closed");
    }

    @Test
    void rejectsAChoiceWithoutVariant() {
        assertThatThrownBy(() -> MarkedText.parse("a [[b]] c", "here")).hasMessageContaining("'[[b]]'");
    }
}
