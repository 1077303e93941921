package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code matchedPatterns contains} answers what RE2/J answers on the whole text, whether or not a decision's evaluation
 * deadline is open: the literal-prefix skip and the clock-watching text view change the cost, never the answer.
 */
class PatternMatchesTest {

    static final List<String> PATTERNS = List.of("ab", "ab+c", "^ab", "(?m)^ab", "ab$", "\\bab\\b", "(?i)ab", "a|b", "x?ab",
            "Ж[^a]{3}x", "[a-c]{2}x", "(ab)+c", "\\d+ab", "ab.*c", "");

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings().withChars("abcxЖ1 \nAB").ofMaxLength(40);
    }

    @Property(tries = 400)
    void answersWhatRe2jAnswersOnTheWholeText(@ForAll("texts") String text) {
        PatternMatches matches = new PatternMatches(text);
        for (String regex : PATTERNS) {
            boolean expected = Pattern.compile(regex).matcher(text).find();
            assertThat(matches.contains(regex)).as("'%s' in '%s' without a deadline", regex, text).isEqualTo(expected);
            try (EvaluationDeadline deadline = EvaluationDeadline.open(1_000_000_000L)) {
                assertThat(matches.contains(regex)).as("'%s' in '%s' under a deadline", regex, text).isEqualTo(expected);
                assertThat(deadline.exceededBy()).isNull();
            }
        }
    }

    @Example
    void aLiteralStartIsFoundWithIndexOf() {
        assertThat(LiteralPrefix.of(OperatorPatterns.compiled("zq.*x").orElseThrow().pattern())).isEqualTo("zq");
        assertThat(LiteralPrefix.of(OperatorPatterns.compiled("(?i)zq.*x").orElseThrow().pattern())).isEmpty();
        assertThat(LiteralPrefix.of(OperatorPatterns.compiled("a|b").orElseThrow().pattern())).isEmpty();
    }
}
