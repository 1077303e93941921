package com.cascade4arm.rules.facts;

import java.util.Set;

/**
 * Round seven (fresh sets 4, 7 and 8 each had one): a message that asks what a word means, naming it as a word — "what
 * does the word traceback actually mean", "was bedeutet das Wort 'deprecated'?", "que veut dire le mot ..." — asks for a
 * definition, even beside a pasted stack trace or error ("not asking u to fix it, ... what does the word traceback
 * mean"). "The word" and a meaning word in the 14 languages; not when it also asks why or how (how to use it, why it
 * fails). One pass over the words.
 */
final class WordMeanings {

    /** "the word", "das Wort", "la palabra", "le mot", ... as two words in a row; "ordet", "slovo" alone. */
    private static final Set<String> THE_WORD = Set.of("the word", "das wort", "dem wort", "la palabra", "le mot",
            "la parola", "a palavra", "het woord", "słowo", "ordet", "slovo", "cuvântul", "sana", "kelimesi");
    private static final Set<String> MEANING = Set.of("mean", "means", "meaning", "bedeutet", "bedeutung",
            "significa", "significado", "signifie", "sens", "dire", "significato", "betekent", "betekenis", "oznacza",
            "znaczy", "betyder", "znamená", "înseamnă", "tarkoittaa", "anlamı");
    private static final Set<String> WHY_OR_HOW = Set.of("why", "how", "warum", "wie", "wieso", "cómo",
            "pourquoi", "comment", "perché", "come", "porque", "como", "waarom", "hoe", "dlaczego", "jak", "varför",
            "hur", "hvorfor", "hvordan", "proč", "miksi", "miten", "neden", "nasıl");

    private WordMeanings() {
    }

    static boolean asked(String text) {
        String[] words = PromptFactsExtractor.wordSequence(Scan.lowerCase(text));
        boolean theWord = false;
        boolean meaning = false;
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            if (WHY_OR_HOW.contains(word)) {
                return false;
            }
            theWord |= THE_WORD.contains(word) || i > 0 && THE_WORD.contains(words[i - 1] + " " + word);
            meaning |= MEANING.contains(word);
        }
        return theWord && meaning;
    }
}
