package com.cascade4arm.demomodels.internal.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerFileParserTest {
    @Test
    void readsHeadersKeysPromptsAndMultiLineText() {
        String file = "A comment before the first answer.\n\n"
                + "=== capital\nkeys: France, Paris\nprompt: What is the capital of France?\nParis [[is|remains]] it.\n\n"
                + "=== code\ncues: code, function\nprompt: Fix this:\\nx = 1\nLike this:\n\n    x = 2\n";

        List<Answer> answers = AnswerFileParser.parse(file, Category.CODE, "code.txt");

        assertThat(answers).extracting(Answer::id).containsExactly("capital", "code");
        assertThat(answers.get(0).keys()).containsExactly("France", "Paris");
        assertThat(answers.get(0).prompts()).containsExactly("What is the capital of France?");
        assertThat(answers.get(0).text().main()).isEqualTo("Paris is it.");
        assertThat(answers.get(1).cues()).containsExactly("code", "function");
        assertThat(answers.get(1).prompts()).containsExactly("Fix this:\nx = 1");
        assertThat(answers.get(1).text().main()).isEqualTo("Like this:\n\n    x = 2");
    }

    @Test
    void readsASalienceAboveTheOrdinaryKeysAndRefusesOneBelow() {
        List<Answer> answers = AnswerFileParser.parse("=== call\nkeys: get_weather\nsalience: 1.2\nCalling.\n"
                + "=== plain\nkeys: Paris\nParis.\n", Category.EVERYDAY, "everyday.txt");

        assertThat(answers.get(0).salience()).isEqualTo(1.2f);
        assertThat(answers.get(1).salience()).isEqualTo(Answer.KEY_SALIENCE);
        assertThatThrownBy(() -> AnswerFileParser.parse("=== low\nkeys: a\nsalience: 0.5\nText.\n", Category.FACTUAL, "f.txt"))
                .hasMessageContaining("answer low: salience 0.5 is below 1.0");
    }

    @Test
    void rejectsAnAnswerWithoutTextNamingFileAndLine() {
        assertThatThrownBy(() -> AnswerFileParser.parse("=== empty\nkeys: a\n\n=== next\ntext\n", Category.FACTUAL, "f.txt"))
                .hasMessageContaining("f.txt line 1").hasMessageContaining("'empty' has no text");
    }

    @Test
    void bundledCorpusCoversEveryCategoryWithOneFallback() {
        Corpus corpus = Corpus.load();

        for (Category category : Category.values()) {
            assertThat(corpus.answers()).as("answers in %s", category.fileName())
                    .filteredOn(answer -> answer.category() == category).hasSizeGreaterThanOrEqualTo(10);
        }
        assertThat(corpus.fallback().prompts()).isNotEmpty();
    }
}
