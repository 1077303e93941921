package com.cascade4arm.rules.facts;

/** Bounded character scans over a message for the code-syntax scanner: every look stops after {@code limit} chars. */
final class SourceText {

    private SourceText() {
    }

    /** Index of {@code close} within {@code limit} characters after {@code open}, or -1. */
    static int closingIndex(String text, int open, char close, int limit) {
        for (int i = open + 1; i < text.length() && i - open <= limit; i++) {
            if (text.charAt(i) == close) {
                return i;
            }
        }
        return -1;
    }

    /** The first index at or after {@code from} that is not a space, at most {@code limit} ahead. */
    static int skipSpaces(String text, int from, int limit) {
        int i = from;
        while (i < text.length() && i - from < limit && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /** The end of the identifier starting at {@code from}, at most {@code limit} ahead. */
    static int identifierEnd(String text, int from, int limit) {
        int i = from;
        while (i < text.length() && i - from < limit && isIdentifierPart(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** ASCII letters and '_': code identifiers, not the words of German or French prose. */
    static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }

    static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || c >= '0' && c <= '9';
    }
}
