package com.cascade4arm.rules.score;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Features of how a prompt is built rather than which words it uses, the same in every language (round five of issue
 * 32: words and character n-grams learn the phrasings they were shown, structure carries to unseen ones): its length,
 * how many numbers and arithmetic operators it has, where its question mark stands, a question followed by a pasted
 * text several times longer, a quoted passage, and names that come back (the people of a constraint puzzle). Each is
 * one token ("shape:len:16", "shape:ask-then-text"); read from the same window as the other features.
 */
final class ShapeFeatures {

    /** Words a question may have and still be the short one before a pasted text. */
    private static final int SHORT_QUESTION_WORDS = 15;

    private ShapeFeatures() {
    }

    /** The shape tokens of {@code prompt} (already cut to the scored window by the caller). */
    static List<String> of(String prompt) {
        List<String> tokens = new ArrayList<>();
        int words = 0;
        int numbers = 0;
        int operators = 0;
        int firstQuestionMark = -1;
        int wordsBeforeQuestion = -1;
        int quotes = 0;
        int lines = 1;
        Map<String, Integer> names = new HashMap<>();
        int i = 0;
        int n = prompt.length();
        while (i < n) {
            char c = prompt.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                int start = i;
                boolean digits = true;
                while (i < n && (Character.isLetterOrDigit(prompt.charAt(i)))) {
                    digits &= Character.isDigit(prompt.charAt(i));
                    i++;
                }
                words++;
                numbers += digits ? 1 : 0;
                if (!digits && i - start >= 3 && Character.isUpperCase(c) && Character.isLowerCase(prompt.charAt(start + 1))) {
                    names.merge(prompt.substring(start, start + Math.min(4, i - start)).toLowerCase(java.util.Locale.ROOT), 1, Integer::sum);
                }
                continue;
            }
            if (c == '?' && firstQuestionMark < 0) {
                firstQuestionMark = i;
                wordsBeforeQuestion = words;
            } else if ((c == '+' || c == '*' || c == '/' || c == '=' || c == '×' || c == '÷' || c == '^')
                    && i > 0 && i + 1 < n) {
                operators++;
            } else if (c == '"' || c == '«' || c == '“' || c == '„') {
                quotes++;
            } else if (c == '\n') {
                lines++;
            }
            i++;
        }
        tokens.add("len:" + bucket(words));
        tokens.add("numbers:" + Math.min(numbers, 4));
        tokens.add("operators:" + Math.min(operators, 3));
        tokens.add("lines:" + bucket(lines));
        if (firstQuestionMark < 0) {
            tokens.add("no-question-mark");
        } else if (firstQuestionMark >= n - 2) {
            tokens.add("ends-with-question");
        } else if (wordsBeforeQuestion <= SHORT_QUESTION_WORDS && words >= 4 * Math.max(wordsBeforeQuestion, 1)) {
            tokens.add("ask-then-text"); // "o której jest to spotkanie? "Cześć, ..."": the answer is in the text
        } else {
            tokens.add("question-inside");
        }
        if (quotes >= 2) {
            tokens.add("quoted");
        }
        long repeated = names.values().stream().filter(count -> count >= 2).count();
        tokens.add("names-repeated:" + Math.min(repeated, 3));
        return tokens;
    }

    /** 1, 2, 4, 8, 16, 32, 64, 128: the power of two at or below {@code count}. */
    private static int bucket(int count) {
        return Math.min(Integer.highestOneBit(Math.max(count, 1)), 128);
    }
}
