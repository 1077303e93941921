package com.cascade4arm.rules.facts;

/** Finds an acronym — a word of 2 to 6 capital letters, such as SQL or RSVP — in one pass. */
final class Acronyms {

    private static final int MIN_LETTERS = 2;
    private static final int MAX_LETTERS = 6;

    private Acronyms() {
    }

    static boolean containsAcronym(String text) {
        int i = 0;
        while (i < text.length()) {
            if (!Character.isLetterOrDigit(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            boolean allUpper = true;
            while (i < text.length() && Character.isLetterOrDigit(text.charAt(i))) {
                allUpper &= Character.isUpperCase(text.charAt(i));
                i++;
            }
            if (allUpper && i - start >= MIN_LETTERS && i - start <= MAX_LETTERS) {
                return true;
            }
        }
        return false;
    }
}
