package com.cascade4arm.rules.facts;

import java.util.Set;

/**
 * The facts about how a message is put rather than which words it uses, in English, German, Spanish and French: its
 * language, whether it speaks of the writer or reader, the question's shape, an explanation request, measured
 * quantities, a logic-puzzle pattern and code syntax. Built by {@link #describe} from at most the first
 * {@value #HEAD_CHARS} and the last {@value #TAIL_CHARS} characters (words: {@value #HEAD_WORDS} and
 * {@value #TAIL_WORDS}); read through {@link PromptFacts}.
 *
 * @param language        "en", "de", "es", "fr" or "unknown"
 * @param personal        first- or second-person words: advice for the writer rather than a fact about the world
 * @param questionShape   who, when, where, which, what, how, how-many, why, yes-no, stands-for, or "" (no question)
 * @param lookupQuestion  a who/when/where/stands-for question that looks up a name, a date, a place or an expansion
 * @param explainRequest  asks for an explanation, a justification or the steps
 * @param quantityCount   numbers with a unit or currency, and clock times
 * @param puzzlePattern   syllogism, comparison chain, truth and lies, number sequence, or ""
 * @param codeSyntax      kinds of code syntax found without a fence (bare condition, update, assignment, call, ...)
 * @param givenTextTask   summarize, translate, rewrite or extract a text the message hands over, or ""
 */
record MessageShape(String language, boolean personal, String questionShape, boolean lookupQuestion,
                    boolean explainRequest, int quantityCount, String puzzlePattern, Set<String> codeSyntax,
                    String givenTextTask) {

    static final MessageShape EMPTY = new MessageShape(Languages.UNKNOWN, false, "", false, false, 0, "", Set.of(), "");

    /** A long message is read in its first {@value} characters... */
    static final int HEAD_CHARS = 1_500;
    /** ...and its last {@value}, where a long prompt puts its question: a 32,000-character prompt costs no more. */
    static final int TAIL_CHARS = 500;
    /** The same stretches in words (about five characters each), for the facts read from words. */
    static final int HEAD_WORDS = 300;
    static final int TAIL_WORDS = 100;

    /**
     * @param text  the routed message, trimmed
     * @param words its lower-case words in order
     */
    static MessageShape describe(String text, String[] words) {
        String window = text;
        // the window's own words: the message's words when the window is the whole message (one split, not two)
        String[] windowTextWords = words;
        if (text.length() > HEAD_CHARS + TAIL_CHARS) {
            window = text.substring(0, HEAD_CHARS) + "\n" + text.substring(text.length() - TAIL_CHARS);
            windowTextWords = PromptFactsExtractor.wordSequence(Scan.lowerCase(window));
        }
        String[] windowWords = words;
        if (words.length > HEAD_WORDS + TAIL_WORDS) {
            windowWords = new String[HEAD_WORDS + TAIL_WORDS];
            System.arraycopy(words, 0, windowWords, 0, HEAD_WORDS);
            System.arraycopy(words, words.length - TAIL_WORDS, windowWords, HEAD_WORDS, TAIL_WORDS);
        }
        return read(window, windowWords, windowTextWords);
    }

    /**
     * @param words     the first {@value #HEAD_WORDS} and last {@value #TAIL_WORDS} words
     * @param textWords every word of {@code text}
     */
    private static MessageShape read(String text, String[] words, String[] textWords) {
        int[] roles = WordRoles.of(words); // every word looked up once, for all scanners
        int[] textRoles = textWords == words ? roles : WordRoles.of(textWords);
        int traits = TextTraits.of(text); // one pass tells which scanners' passes would find nothing
        String language = Languages.detect(text, roles, traits);
        QuestionShapes.Shape shape = QuestionShapes.of(text, language);
        String puzzle = LogicPuzzles.pattern(text, words, roles, textWords.length, shape.kind());
        return new MessageShape(language, Languages.personal(language, roles), shape.kind(), shape.lookup(),
                ExplainRequests.asks(words, roles), Quantities.count(text, roles, traits), puzzle,
                CodeSyntax.find(text, traits), GivenTextTasks.of(text, !puzzle.isEmpty(), textWords, textRoles));
    }
}
