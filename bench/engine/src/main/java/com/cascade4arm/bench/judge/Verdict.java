package com.cascade4arm.bench.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A judge's answer to one ordered comparison: answer A better, answer B better, or a tie. Judges are asked for a single
 * token; {@link #parse} accepts that token wrapped in the usual noise (case, punctuation, markdown, {@code [[A]]}, a
 * "Verdict:" label, a reasoning model's {@code <think>} block) and refuses anything else, so a sentence that merely
 * mentions both answers is unjudged, never guessed.
 */
public enum Verdict {
    A, B, TIE;

    private static final Pattern THINKING = Pattern.compile("(?is)<think>.*?</think>");
    private static final Pattern NOT_LETTERS = Pattern.compile("[^A-Z]+");
    /** Labels a judge may put before its token ("Verdict: A", "Final answer: TIE"). */
    private static final Set<String> LABELS = Set.of("VERDICT", "FINAL", "ANSWER", "WINNER", "BETTER", "RESULT", "IS");
    private static final Set<String> TIE_WORDS = Set.of("TIE", "TIED", "DRAW", "EQUAL", "C");

    /** The verdict in {@code reply}, or null when it is not exactly one of A, B, TIE (after the noise above). */
    public static Verdict parse(String reply) {
        if (reply == null) {
            return null;
        }
        String text = THINKING.matcher(reply).replaceAll(" ").toUpperCase(Locale.ROOT);
        List<String> words = new ArrayList<>(List.of(NOT_LETTERS.matcher(text).replaceAll(" ").trim().split(" ")));
        while (words.size() > 1 && LABELS.contains(words.get(0))) {
            words.remove(0);
        }
        if (words.size() != 1) {
            return null;
        }
        String word = words.get(0);
        if (word.equals("A")) {
            return A;
        }
        if (word.equals("B")) {
            return B;
        }
        return TIE_WORDS.contains(word) ? TIE : null;
    }
}
