package com.cascade4arm.bench.judge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class VerdictTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "A|A", "b|B", "TIE|TIE", " tie. |TIE", "**A**|A", "[[B]]|B", "\"A\"|A", "Verdict: B|B",
            "Final answer: TIE|TIE", "Draw|TIE", "<think>A looks longer, but B is right</think> B|B",
            "[[C]]|TIE"})
    void readsTheVerdictThroughTheUsualNoise(String reply, Verdict expected) {
        assertThat(Verdict.parse(reply)).as("reply %s", reply).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "A or B", "Answer A is better than answer B", "maybe", "AB", "A B",
            "I cannot decide", "{\"verdict\": \"A\", \"why\": \"x\"}"})
    void refusesRepliesThatAreNotOneVerdict(String reply) {
        assertThat(Verdict.parse(reply)).as("reply %s", reply).isNull();
    }

    @Test
    void nullReplyIsNoVerdict() {
        assertThat(Verdict.parse(null)).isNull();
    }

    @Test
    void trailingLineBreaksAreNoise() {
        assertThat(Verdict.parse("A.\n\n")).isEqualTo(Verdict.A);
    }
}
