package com.cascade4arm.rules.facts;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Round seven (fresh sets 4, 7 and 8 each had one): a message that asks what a word means, naming it as a word — "what
 * does the word traceback actually mean", "was bedeutet das Wort 'deprecated'?", "que veut dire le mot ..." — asks for a
 * definition, even beside a pasted stack trace or error ("not asking u to fix it, ... what does the word traceback
 * mean"). "The word" and a meaning word in the 14 languages; not when it also asks why or how (how to use it, why it
 * fails). One pass over the words.
 */
final class WordMeanings {

    /** "the word", "das Wort", "la palabra", "le mot", ... as two words in a row; "ordet", "slovo" alone. */
    static final Set<String> THE_WORD = WordSet.of("the word", "das wort", "dem wort", "la palabra", "le mot",
            "la parola", "a palavra", "het woord", "słowo", "ordet", "slovo", "cuvântul", "sana", "kelimesi");
    /** {@link #THE_WORD}'s two-word entries by first word: a pair is looked up without joining the two words. */
    static final Map<String, Set<String>> THE_WORD_PAIRS = WordMap.copyOf(THE_WORD.stream()
            .filter(w -> w.contains(" ")).collect(Collectors.groupingBy(w -> w.substring(0, w.indexOf(' ')),
                    Collectors.mapping(w -> w.substring(w.indexOf(' ') + 1),
                            Collectors.collectingAndThen(Collectors.toList(), WordSet::copyOf)))));
    static final Set<String> MEANING = WordSet.of("mean", "means", "meaning", "bedeutet", "bedeutung",
            "significa", "significado", "signifie", "sens", "dire", "significato", "betekent", "betekenis", "oznacza",
            "znaczy", "betyder", "znamená", "înseamnă", "tarkoittaa", "anlamı");
    static final Set<String> WHY_OR_HOW = WordSet.of("why", "how", "warum", "wie", "wieso", "cómo",
            "pourquoi", "comment", "perché", "come", "porque", "como", "waarom", "hoe", "dlaczego", "jak", "varför",
            "hur", "hvorfor", "hvordan", "proč", "miksi", "miten", "neden", "nasıl");

    private static final Set<Character> OPENING_QUOTES = Set.of('\'', '"', '‘', '“', '„', '«');
    private static final Set<Character> CLOSING_QUOTES = Set.of('\'', '"', '’', '”', '“', '»');
    private static final int MAX_TERM_CHARS = 40;
    private static final int MAX_TERM_WORDS = 3;
    private static final int NEAR_WORDS = 3;

    private WordMeanings() {
    }

    /**
     * @param words the lower-case words of {@code text} in order
     * @param roles their {@link WordRoles}
     */
    static boolean asked(String text, String[] words, int[] roles) {
        int any = WordRoles.any(roles);
        if ((any & WordRoles.WHY_OR_HOW) != 0 || (any & WordRoles.MEANING) == 0) {
            return false; // it asks why or how, or names no meaning at all
        }
        boolean theWord = (any & WordRoles.THE_WORD) != 0;
        for (int i = 1; i < words.length && !theWord; i++) {
            theWord = (roles[i - 1] & WordRoles.THE_WORD_PAIR_START) != 0
                    && THE_WORD_PAIRS.get(words[i - 1]).contains(words[i]);
        }
        return theWord || quotedTermBesideMeaning(text);
    }

    /**
     * Round eight (fresh set 9): a term in quotes, one to three words of letters, right before or after a meaning word
     * names a word as much as "the word" does ("I just want to know what 'idempotent' means", "was bedeutet
     * „deprecated“?"). A quoted file name, path or message (digits, dots, slashes, four words or more) is not a term.
     */
    private static boolean quotedTermBesideMeaning(String text) {
        for (int open = 0; open < text.length(); open++) {
            char c = text.charAt(open);
            if (!OPENING_QUOTES.contains(c) || open > 0 && Character.isLetterOrDigit(text.charAt(open - 1))) {
                continue;
            }
            int close = open + 1;
            while (close < text.length() && close - open <= MAX_TERM_CHARS
                    && !CLOSING_QUOTES.contains(text.charAt(close))) {
                close++;
            }
            if (close >= text.length() || close - open > MAX_TERM_CHARS || close == open + 1) {
                continue;
            }
            String term = text.substring(open + 1, close);
            if (isTerm(term)
                    && (meaningNear(text.substring(0, open), true) || meaningNear(text.substring(close + 1), false))) {
                return true;
            }
            open = close;
        }
        return false;
    }

    private static boolean isTerm(String term) {
        String[] parts = term.trim().split(" +");
        if (parts.length > MAX_TERM_WORDS || term.isBlank()) {
            return false;
        }
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (!Character.isLetter(c) && c != ' ' && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** A meaning word among the last (before the term) or first (after it) {@value #NEAR_WORDS} words. */
    private static boolean meaningNear(String side, boolean before) {
        String[] words = PromptFactsExtractor.wordSequence(Scan.lowerCase(side));
        int from = before ? Math.max(0, words.length - NEAR_WORDS) : 0;
        int to = before ? words.length : Math.min(words.length, NEAR_WORDS);
        for (int i = from; i < to; i++) {
            if (MEANING.contains(words[i])) {
                return true;
            }
        }
        return false;
    }
}
