package com.cascade4arm.rules.safety;

import java.util.List;
import java.util.Random;

/**
 * Prompts at the gateway's 32,000-character cap that make rule conditions work hardest: one letter repeated (regular
 * expressions that count letters), one-letter words (phrase checks), prose, code, the 'if(=' text that broke the old
 * extractor, digits and operators, non-ASCII, line breaks, random letters. Built once, deterministically.
 */
final class StressPrompts {

    /** The gateway's prompt cap (cascade.limits.max-prompt-chars default), in characters. */
    static final int CAP_CHARS = 32_000;
    private static final long SEED = 13;

    record StressPrompt(String name, String text) {
    }

    static final List<StressPrompt> ALL = List.of(
            repeated("one letter", "a"),
            repeated("one-letter words", "a "),
            repeated("prose", "The quick brown fox jumps over the lazy dog, step by step; why? "),
            repeated("code", "if (x == 1) { return f(a.b, \"s\"); }\nfor i in range(10):\n    print(i)\n"),
            repeated("'if(='", "if(="),
            repeated("digits and operators", "12+3=15; 7*8 "),
            repeated("non-ASCII", "é€漢字 ünïcödé "),
            repeated("line breaks", "x\n"),
            new StressPrompt("random letters", randomLetters()));

    private StressPrompts() {
    }

    private static StressPrompt repeated(String name, String unit) {
        return new StressPrompt(name, unit.repeat(CAP_CHARS / unit.length() + 1).substring(0, CAP_CHARS));
    }

    private static String randomLetters() {
        Random random = new Random(SEED);
        StringBuilder text = new StringBuilder(CAP_CHARS);
        while (text.length() < CAP_CHARS) {
            text.append(random.nextInt(6) == 0 ? ' ' : (char) ('a' + random.nextInt(26)));
        }
        return text.toString();
    }
}
