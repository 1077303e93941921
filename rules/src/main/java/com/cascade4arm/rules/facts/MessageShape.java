package com.cascade4arm.rules.facts;

import java.util.Set;

/**
 * The facts about how a message is put rather than which words it uses, in English, German, Spanish and French: its
 * language, whether it speaks of the writer or reader, the question's shape, an explanation request, measured
 * quantities, a logic-puzzle pattern and code syntax. Built by {@link #describe}, read through {@link PromptFacts}.
 *
 * @param language        "en", "de", "es", "fr" or "unknown"
 * @param personal        first- or second-person words: advice for the writer rather than a fact about the world
 * @param questionShape   who, when, where, which, what, how, how-many, why, yes-no, stands-for, or "" (no question)
 * @param lookupQuestion  a who/when/where/stands-for question that looks up a name, a date, a place or an expansion
 * @param explainRequest  asks for an explanation, a justification or the steps
 * @param quantityCount   numbers with a unit or currency, and clock times
 * @param puzzlePattern   syllogism, comparison chain, truth and lies, number sequence, or ""
 * @param codeSyntax      kinds of code syntax found without a fence (bare condition, update, assignment, call, ...)
 */
record MessageShape(String language, boolean personal, String questionShape, boolean lookupQuestion,
                    boolean explainRequest, int quantityCount, String puzzlePattern, Set<String> codeSyntax) {

    static final MessageShape EMPTY = new MessageShape(Languages.UNKNOWN, false, "", false, false, 0, "", Set.of());

    /**
     * @param text  the routed message, trimmed
     * @param words its lower-case words in order
     */
    static MessageShape describe(String text, String[] words) {
        String language = Languages.detect(text, words);
        QuestionShapes.Shape shape = QuestionShapes.of(text, language);
        return new MessageShape(language, Languages.personal(language, words), shape.kind(), shape.lookup(),
                ExplainRequests.asks(words), Quantities.count(text, words), LogicPuzzles.pattern(text, words, shape.kind()),
                CodeSyntax.find(text));
    }
}
