package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.api.Test;

/**
 * The shape scanners on the longest prompt the gateway accepts (32,000 characters), built from the very pieces each
 * scanner looks for, so every look-ahead and look-back runs as often as it can: the facts still come out right. (How
 * long they take is measured by bench's RuleDecisionBenchmark, kind cap-32k; none of these scanners recurses or uses
 * a backtracking regex.)
 */
class LongInputFactsTest {

    private static final int CAP_CHARS = 32_000;

    @Test
    void countsEveryClockTimeAndUnitInACappedPrompt() {
        String piece = "9:40 2 h ";
        PromptFacts facts = extract(piece.repeat(CAP_CHARS / piece.length()));

        assertThat(facts.getQuantityCount()).isEqualTo(2 * (CAP_CHARS / piece.length()));
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
        assertThat(extract("Erkläre ".repeat(CAP_CHARS / 8)).getLanguage()).isEqualTo("de");
    }

    private static PromptFacts extract(String prompt) {
        assertThat(prompt.length()).isLessThanOrEqualTo(CAP_CHARS + 10);
        return PromptFactsExtractor.fromPrompt(prompt, CategoryModel.bundled());
    }
}
