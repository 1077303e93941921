package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shortcuts behind the shape facts (issue 33) answer what the lists and scans they replace answer: one table for
 * every scanner's word lists, one pass of character traits, stems by their first letters.
 */
class ShapeScanShortcutsTest {

    /** Each list by the bit that stands for it in {@link WordRoles}. */
    private static final Map<Integer, Set<String>> LISTS = Map.ofEntries(
            Map.entry(WordRoles.PERSONAL, Languages.PERSONAL.get("en")),
            Map.entry(WordRoles.PERSONAL << 1, Languages.PERSONAL.get("de")),
            Map.entry(WordRoles.PERSONAL << 2, Languages.PERSONAL.get("es")),
            Map.entry(WordRoles.PERSONAL << 3, Languages.PERSONAL.get("fr")),
            Map.entry(WordRoles.QUANTIFIER, LogicPuzzles.QUANTIFIERS),
            Map.entry(WordRoles.CONCLUSION, LogicPuzzles.CONCLUSIONS),
            Map.entry(WordRoles.LIE, LogicPuzzles.LIE_WORDS),
            Map.entry(WordRoles.TRUTH, LogicPuzzles.TRUTH_WORDS),
            Map.entry(WordRoles.OPEN_COMPARISON, LogicPuzzles.MORE_OR_LESS),
            Map.entry(WordRoles.CLOSE_COMPARISON, LogicPuzzles.THAN),
            Map.entry(WordRoles.WEEKDAY, LogicPuzzles.WEEKDAYS),
            Map.entry(WordRoles.CONDITION, LogicPuzzles.CONDITIONS),
            Map.entry(WordRoles.RELATIVE_DAY, LogicPuzzles.RELATIVE_DAYS),
            Map.entry(WordRoles.MONTH, LogicPuzzles.MONTHS),
            Map.entry(WordRoles.WHO_OR_WHICH, LogicPuzzles.WHO_OR_WHICH),
            Map.entry(WordRoles.NEGATION, LogicPuzzles.NEGATIONS),
            Map.entry(WordRoles.POSITION, LogicPuzzles.POSITIONS),
            Map.entry(WordRoles.THAN, LogicPuzzles.ALWAYS_THAN),
            Map.entry(WordRoles.THAN_AFTER_COMPARATIVE, LogicPuzzles.THAN_AFTER_COMPARATIVE),
            Map.entry(WordRoles.EXPLAIN_WORD, ExplainRequests.WORDS),
            Map.entry(WordRoles.EXPLAIN_PHRASE_START, ExplainRequests.PHRASES_BY_FIRST_WORD.keySet()),
            Map.entry(WordRoles.NUMBER_WORD, Quantities.NUMBER_WORDS),
            Map.entry(WordRoles.UNIT, Quantities.UNITS),
            Map.entry(WordRoles.WHY_OR_HOW, WordMeanings.WHY_OR_HOW),
            Map.entry(WordRoles.THE_WORD, WordMeanings.THE_WORD),
            Map.entry(WordRoles.THE_WORD_PAIR_START, WordMeanings.THE_WORD_PAIRS.keySet()),
            Map.entry(WordRoles.MEANING, WordMeanings.MEANING));

    @Test
    void aWordHasTheBitOfEveryListThatHoldsItAndNoOther() {
        List<String> words = LISTS.values().stream().flatMap(Set::stream).distinct().toList();
        assertThat(words).hasSizeGreaterThan(500);
        for (String word : words) {
            for (Map.Entry<Integer, Set<String>> list : LISTS.entrySet()) {
                assertThat((WordRoles.of(word) & list.getKey()) != 0).as("%s in list %s", word, list.getKey())
                        .isEqualTo(list.getValue().contains(word));
            }
        }
        assertThat(WordRoles.of("railway")).as("a word no list holds").isZero();
    }

    /** Function words: the one language that holds the word; a word two languages share votes for neither. */
    @Test
    void aFunctionWordHasItsLanguagesBitOnly() {
        Languages.FUNCTION_WORDS.forEach((word, language) -> assertThat(WordRoles.of(word) & WordRoles.FUNCTION_WORDS)
                .as(word).isEqualTo(WordRoles.FUNCTION_WORD << language));
        assertThat(WordRoles.of("les") & WordRoles.FUNCTION_WORDS).as("Spanish and French").isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "plain prose, no more.", "x = 1", "f(x)", "a[i]", "1 < 2", "9:40", "i++", "a-b",
            "user_id", "forEach", "Tuesday Nobody", "ÀÉ", "٣ apples", "𝒳", "A_", "aB", "B"})
    void traitsAreTheCharactersTheTextHolds(String text) {
        int traits = TextTraits.of(text);
        assertThat((traits & TextTraits.DIGIT) != 0).as("digit").isEqualTo(text.chars().anyMatch(Character::isDigit));
        assertThat((traits & TextTraits.NON_ASCII) != 0).as("non-ASCII").isEqualTo(text.chars().anyMatch(c -> c >= 0x80));
        assertThat((traits & TextTraits.EQUALS) != 0).as("=").isEqualTo(text.indexOf('=') >= 0);
        assertThat((traits & TextTraits.PAREN) != 0).as("(").isEqualTo(text.indexOf('(') >= 0);
        assertThat((traits & TextTraits.BRACKET) != 0).as("[").isEqualTo(text.indexOf('[') >= 0);
        assertThat((traits & TextTraits.ANGLE) != 0).as("< >").isEqualTo(text.matches("(?s).*[<>].*"));
        assertThat((traits & TextTraits.COLON) != 0).as(":").isEqualTo(text.indexOf(':') >= 0);
        assertThat((traits & TextTraits.PLUS_OR_MINUS) != 0).as("+ -").isEqualTo(text.matches("(?s).*[+-].*"));
        assertThat((traits & TextTraits.IDENTIFIER_SHAPE) != 0).as("_ or an inner capital")
                .isEqualTo(text.matches("(?s).*(_|[A-Za-z0-9_][A-Z]).*"));
    }

    @Test
    void stemsStartTheWordsTheyStartAndNoOthers() {
        Stems stems = Stems.of(List.of("explain", "förklar", "přelož", "açıkla"));
        assertThat(List.of("explain", "explains", "förklara", "přeložit", "açıklayın"))
                .allMatch(stems::startWord);
        assertThat(List.of("e", "ex", "expla", "fo", "forklar", "prelož", "přel", "ñandú", "𝒳explain", "żexplain"))
                .noneMatch(stems::startWord);
    }
}
