package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.api.Test;

/**
 * The shape scanners on the longest prompt the gateway accepts (32,000 characters), built from the very pieces each
 * scanner looks for, so every look-ahead and look-back runs as often as it can within the scanned window: the facts
 * still come out right. (How long they take is measured by bench's RuleDecisionBenchmark, kind cap-32k; none of these
 * scanners recurses or uses a backtracking regex.)
 */
class LongInputFactsTest {

    private static final int CAP_CHARS = 32_000;

    /** The shape facts read a long prompt's first 1,500 and last 500 characters: the middle is never scanned. */
    @Test
    void readsTheHeadAndTailOfACappedPrompt() {
        String filler = "la ".repeat(CAP_CHARS / 3);
        String middle = filler.substring(0, 10_000) + "It runs 2 h 50 min from 9:40." + filler.substring(0, 21_900);

        assertThat(extract("Start at 9:40. " + middle + " It takes 2 h.").getQuantityCount())
                .as("one at the start, one at the end").isEqualTo(2);
        assertThat(extract(middle).getQuantityCount()).as("the middle is not read").isZero();
        assertThat(extract(filler + ". Why?").getQuestionShape()).isEqualTo("why");
        assertThat(extract("Erkläre es. " + filler).isExplainRequest()).as("the first words are read").isTrue();
        assertThat(extract(filler + " Erkläre es.").isExplainRequest()).as("the last words are read").isTrue();
        assertThat(extract(filler.substring(0, 10_000) + " Erkläre es. " + filler.substring(0, 10_000)).isExplainRequest())
                .as("the middle words are not read").isFalse();
    }

    @Test
    void findsCodeSyntaxInACappedRunOfAlmostCode() {
        assertThat(extract("a(".repeat(CAP_CHARS / 2)).getCodeSyntax()).isEmpty();
        assertThat(extract("x[".repeat(CAP_CHARS / 2)).getCodeSyntax()).isEmpty();
        assertThat(extract("while x < ".repeat(CAP_CHARS / 10)).getCodeSyntax()).containsExactly("bare condition");
        assertThat(extract("_".repeat(CAP_CHARS)).getCodeSyntax()).isEmpty();
    }

    @Test
    void readsPuzzlesQuestionsAndExplanationsInCappedPrompts() {
        assertThat(extract("1, ".repeat(CAP_CHARS / 3)).getPuzzlePattern()).isEqualTo("number sequence");
        assertThat(extract("Ann is older than Ben. ".repeat(CAP_CHARS / 23) + "Who is youngest?").getPuzzlePattern())
                .isEqualTo("comparison chain");
        assertThat(extract("¿".repeat(CAP_CHARS) + "Quién?").getQuestionShape()).isEqualTo("who");
        assertThat(extract("a".repeat(CAP_CHARS) + "?").getQuestionShape()).isEqualTo("yes-no");
        assertThat(extract("explain to ".repeat(CAP_CHARS / 11)).isExplainRequest()).isFalse();
        assertThat(extract("explain to ".repeat(CAP_CHARS / 11 - 1) + "explain it").isExplainRequest()).isTrue();
        assertThat(extract("Erkläre ".repeat(CAP_CHARS / 8)).getLanguage()).isEqualTo("de");
    }

    private static PromptFacts extract(String prompt) {
        assertThat(prompt.length()).isLessThanOrEqualTo(CAP_CHARS + 10);
        return PromptFactsExtractor.fromPrompt(prompt, CategoryModel.bundled());
    }
}
