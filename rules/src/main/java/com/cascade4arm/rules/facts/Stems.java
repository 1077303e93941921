package com.cascade4arm.rules.facts;

import java.util.List;

/**
 * Word stems by first letter: a word is compared with the few stems that start like it, or with none, where comparing
 * it with every stem of a long list (sixty for "rewrite") cost a {@code startsWith} each. Initials are Latin-1.
 */
final class Stems {

    private static final int INITIALS = 256;
    private static final String[] NONE = {};

    private final String[][] byInitial = new String[INITIALS][];

    private Stems(List<String> stems) {
        for (char initial = 0; initial < INITIALS; initial++) {
            char c = initial;
            String[] starting = stems.stream().filter(stem -> stem.charAt(0) == c).toArray(String[]::new);
            byInitial[initial] = starting.length == 0 ? NONE : starting;
        }
        if (stems.stream().anyMatch(stem -> stem.charAt(0) >= INITIALS)) {
            throw new IllegalStateException("every stem must start with a Latin-1 letter: " + stems);
        }
    }

    static Stems of(List<String> stems) {
        return new Stems(stems);
    }

    /** Whether one of the stems starts {@code word}. */
    boolean startWord(String word) {
        char initial = word.charAt(0);
        if (initial >= INITIALS) {
            return false;
        }
        for (String stem : byInitial[initial]) {
            if (word.startsWith(stem)) {
                return true;
            }
        }
        return false;
    }
}
