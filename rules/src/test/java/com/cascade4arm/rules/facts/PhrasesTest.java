package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PhrasesTest {

    @ParameterizedTest(name = "\"{0}\" contains \"{1}\": {2}")
    @CsvSource(delimiter = '|', textBlock = """
            Write a for loop in Go              | for loop          | true
            Is a for-loop faster?               | for loop          | true
            Explain it STEP   BY step, please   | step by step      | true
            Explain it step by step             | Step-by-Step      | true
            Explain it step by step             | by                | true
            Is a trade-off worth it?            | trade off         | true
            What are for loops?                 | for loop          | false
            A big order arrived                 | big o             | false
            What is big O notation?             | big o             | true
            I step by the door, step by step    | by step           | true
            Write a loop for me                 | for loop          | false
            The value 3.5 is a float            | 3.5 is            | true
            The value 3.5 is a float            | 5 is              | false
            hello                               | ''                | false
            hello                               | ?!                | false
            """)
    void matchesConsecutiveWholeWords(String text, String phrase, boolean expected) {
        Phrases phrases = PromptFactsExtractor.fromPrompt(text).getPhrases();

        assertThat(phrases.contains(phrase)).isEqualTo(expected);
        assertThat(phrases.containsPhrase(Phrases.split(phrase))).as("split once, as the rule engine does").isEqualTo(expected);
    }

    @ParameterizedTest(name = "\"{0}\" splits into {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Step-by-Step     | step by step
            C++              | c
            What's 1,000?    | what s 1,000
            ÜBER Straße      | über straße
            ?!               | ''
            """)
    void splitsAsTheMessageIsSplit(String phrase, String words) {
        Phrases.Split split = Phrases.split(phrase);

        assertThat(split.phrase()).isEqualTo(phrase);
        assertThat(String.join(" ", split.words())).isEqualTo(words);
    }

    @Test
    void onlyALongMessageTimesAScan() {
        Phrases longMessage = PromptFactsExtractor.fromPrompt("a b ".repeat(50_001)).getPhrases();
        Phrases shortMessage = PromptFactsExtractor.fromPrompt("a b ".repeat(100)).getPhrases();

        // 100,002 words × 2 phrase words is past the untimed 200,000 steps; a one-word phrase never scans.
        assertThat(longMessage.mayTimeScan(Phrases.split("b a"))).isTrue();
        assertThat(longMessage.mayTimeScan(Phrases.split("b"))).isFalse();
        assertThat(shortMessage.mayTimeScan(Phrases.split("a b a b a b"))).isFalse();
    }

    @ParameterizedTest(name = "\"{0}\" as words: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            What's 1,000 + 3.5?  | what s 1,000 3.5
            ''                   | ''
            """)
    void iteratesTheWordsInOrder(String text, String words) {
        Phrases phrases = PromptFactsExtractor.fromPrompt(text).getPhrases();

        assertThat(String.join(" ", phrases)).isEqualTo(words);
        assertThat(phrases).hasSize(words.isEmpty() ? 0 : words.split(" ").length);
    }

    @Test
    void containsOnlyStrings() {
        Phrases phrases = PromptFactsExtractor.fromPrompt("one 1").getPhrases();

        assertThat(phrases.contains(1)).isFalse();
        assertThat(phrases.contains(null)).isFalse();
    }
}
