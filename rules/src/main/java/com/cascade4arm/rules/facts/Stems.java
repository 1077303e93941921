package com.cascade4arm.rules.facts;

import java.util.BitSet;
import java.util.List;

/**
 * Word stems by first letter: a word is compared with the few stems that start like it, or with none, where comparing
 * it with every stem of a long list (sixty for "rewrite") cost a {@code startsWith} each. Initials are Latin-1.
 */
final class Stems {

    private static final int INITIALS = 256;
    private static final String[] NONE = {};

    private final String[][] byInitial = new String[INITIALS][];
    /** The stems' first two letters where both are Latin-1: a word that opens with no such pair is compared with none. */
    private final BitSet openings = new BitSet(INITIALS * INITIALS);

    private Stems(List<String> stems) {
        for (String stem : stems) {
            if (stem.length() < 2) {
                throw new IllegalStateException("every stem must have two letters at least: " + stems);
            }
            // a second letter past Latin-1 (přelož) leaves its pair out: such words go to the comparison below
            if (stem.charAt(0) < INITIALS && stem.charAt(1) < INITIALS) {
                openings.set(stem.charAt(0) * INITIALS + stem.charAt(1));
            }
        }
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
        if (word.length() < 2) {
            return false;
        }
        char initial = word.charAt(0);
        char second = word.charAt(1);
        if (initial >= INITIALS || second < INITIALS && !openings.get(initial * INITIALS + second)) {
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
