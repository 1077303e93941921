package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The single pass that splits a message into words (issue 33): the sequence and the ordered distinct words are what
 * the per-word substrings and the {@code LinkedHashSet} they replaced gave, and the ASCII shortcuts of the scanners
 * answer as the {@link Character} methods they stand for, for every char.
 */
class MessageWordsTest {

    @Test
    void splitsAsTheSubstringsAndLinkedHashSetDid() {
        List<String> texts = new ArrayList<>(List.of("", " ", "a", "a a a", "3.5 and 1,000 but 3. and ,5 x1.5 1.5x 1.2.3",
                "what's the height of mont blanc? the the", "ß straße ǆ ΐ ٣٤٥ ١٢ ５０ ½ ⅻ 𝒳𝒴 i̇stanbul",
                "end\ud800 done", "hello-world foo_bar a.b,c"));
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            many.append("w").append(i % 1_700).append(i % 7 == 0 ? ", " : " "); // more distinct words than the first table holds
        }
        texts.add(many.toString());
        StringBuilder pairs = new StringBuilder();
        for (char a = 'a'; a <= 'z'; a++) {
            for (char b = 'a'; b <= 'z'; b++) {
                pairs.append(a).append(b).append(' '); // 676 distinct words in 2,028 characters: the table grows
            }
        }
        texts.add(pairs.toString());
        for (String text : texts) {
            MessageWords words = MessageWords.split(text);
            String[] reference = referenceSequence(text);
            assertThat(words.sequence()).as(text).containsExactly(reference);
            Set<String> distinct = new LinkedHashSet<>(List.of(reference));
            assertThat(new ArrayList<>(words)).as(text).containsExactlyElementsOf(distinct);
            assertThat(words).as("a Set equal to the LinkedHashSet").isEqualTo(distinct).hasSameHashCodeAs(distinct);
            for (String word : distinct) {
                assertThat(words.contains(word)).isTrue();
                assertThat(words.contains(word + "x")).isEqualTo(distinct.contains(word + "x"));
            }
            int total = 0;
            for (int i = 0; i < words.size(); i++) {
                total += words.occurrences(i);
            }
            assertThat(total).isEqualTo(reference.length);
        }
    }

    @Test
    void repeatsOfAWordAreOneInstance() {
        String[] sequence = MessageWords.split("the cat and the hat and the bat").sequence();

        assertThat(sequence[0]).isSameAs(sequence[3]).isSameAs(sequence[6]);
    }

    @Test
    void asciiShortcutsAnswerAsCharacterDoes() {
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            char ch = (char) c;
            assertThat(Scan.isWhitespace(ch)).as("isWhitespace %04x", c).isEqualTo(Character.isWhitespace(ch));
            assertThat(MessageWords.isLetterOrDigit(ch)).as("isLetterOrDigit %04x", c)
                    .isEqualTo(Character.isLetterOrDigit(ch));
            assertThat(MessageWords.isLetter(ch)).as("isLetter %04x", c).isEqualTo(Character.isLetter(ch));
        }
    }

    @Test
    void countsLinesAsStringLinesDoes() {
        for (String text : List.of("", "a", "a\n", "a\nb", "\n\n", "a\r\nb\rc\n", "\r", "\r\n", "a\n\rb", "x\r\r\ny\n\nz")) {
            assertThat(PromptFactsExtractor.lineCount(text)).as(text.replace("\r", "\\r").replace("\n", "\\n"))
                    .isEqualTo((int) text.lines().count());
        }
    }

    @Test
    void countsCodeSymbolsAsTheCharacterByCharacterScanDid() {
        for (String text : List.of("", "{", "a => b == c != d -> e :: f && g || h += i -= j ++ k </ l />", "===>", "<<//>>",
                "prose, with a colon: and - dashes; {braces}", "ü{ß}; ∑ != ∏", "+++", "::::", "=")) {
            assertThat(CodeMarkers.symbolCount(text)).as(text).isEqualTo(referenceSymbolCount(text));
        }
    }

    /** The splitting before issue 33's single pass: a substring per word. */
    private static String[] referenceSequence(String lower) {
        List<String> sequence = new ArrayList<>();
        int i = 0;
        while (i < lower.length()) {
            if (!Character.isLetterOrDigit(lower.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            boolean digitsOnly = true;
            while (i < lower.length() && (Character.isLetterOrDigit(lower.charAt(i))
                    || digitsOnly && (lower.charAt(i) == '.' || lower.charAt(i) == ',') && i > 0
                    && Character.isDigit(lower.charAt(i - 1)) && i + 1 < lower.length()
                    && Character.isDigit(lower.charAt(i + 1)))) {
                digitsOnly &= !Character.isLetter(lower.charAt(i));
                i++;
            }
            sequence.add(lower.substring(start, i));
        }
        return sequence.toArray(String[]::new);
    }

    /** The symbol count before the table of symbol characters. */
    private static int referenceSymbolCount(String text) {
        int count = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{' || c == '}' || c == ';') {
                count++;
            } else if (i + 1 < text.length() && List.of("=>", "==", "!=", "->", "-=", "::", "&&", "||", "+=", "++", "</", "/>")
                    .contains(text.substring(i, i + 2))) {
                count++;
                i++;
            }
        }
        return count;
    }
}
