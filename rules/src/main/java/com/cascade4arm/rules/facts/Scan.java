package com.cascade4arm.rules.facts;

/**
 * Character classes and cursor moves for the hand-written syntax scanners, with the meaning java.util.regex gives the
 * same symbols: {@code \s} = [ \t\n\x0B\f\r], {@code \w} = [A-Za-z0-9_], {@code \b} between a Unicode letter, digit or
 * '_' and anything else. Every move only goes forward and returns the index where it stopped, so a scanner built from
 * them reads each character a bounded number of times: linear time, constant stack, whatever the text.
 */
final class Scan {

    private Scan() {
    }

    /**
     * Lower case, one code point at a time ({@link Character#toLowerCase(int)}) into an array sized once: linear in the
     * text. {@code String.toLowerCase} grows its buffer anew for every character whose lower case is longer (each
     * 'İ' becomes "i̇"), which on Java 17 made 32,000 'İ' cost a quadratic 0.3-5 s. Per code point, 'İ' becomes 'i' and
     * a final 'Σ' becomes 'σ' — for routing facts the same word either way. Returns {@code text} itself when nothing
     * changes; ASCII takes a branch of its own (as fast as {@code String.toLowerCase} on prose).
     */
    static String lowerCase(String text) {
        int first = 0;
        while (first < text.length() && !changesInLowerCase(text, first)) {
            first += Character.charCount(text.codePointAt(first));
        }
        if (first == text.length()) {
            return text;
        }
        char[] lower = new char[text.length()];
        text.getChars(0, first, lower, 0);
        for (int i = first; i < text.length(); ) {
            char c = text.charAt(i);
            if (c < 0x80) {
                lower[i++] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
                continue;
            }
            int codePoint = text.codePointAt(i);
            int mapped = Character.toLowerCase(codePoint);
            if (Character.charCount(mapped) != Character.charCount(codePoint)) {
                return lowerCaseResized(text); // no such mapping in Unicode today; kept correct, not fast
            }
            i += Character.toChars(mapped, lower, i);
        }
        return new String(lower);
    }

    private static boolean changesInLowerCase(String text, int i) {
        char c = text.charAt(i);
        if (c < 0x80) {
            return c >= 'A' && c <= 'Z';
        }
        int codePoint = text.codePointAt(i);
        return Character.toLowerCase(codePoint) != codePoint;
    }

    /** {@link #lowerCase} where a lower case takes another number of chars: appended, still one pass. */
    private static String lowerCaseResized(String text) {
        StringBuilder lower = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            lower.appendCodePoint(Character.toLowerCase(codePoint));
            i += Character.charCount(codePoint);
        }
        return lower.toString();
    }

    /** {@link Character#isWhitespace(char)}, ASCII inline: tab to carriage return, the separators 0x1C-0x1F, space. */
    static boolean isWhitespace(char c) {
        return c < 0x80 ? c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1C && c <= 0x1F : Character.isWhitespace(c);
    }

    /** {@code \s}. */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** {@code \s} without the line feed: white space inside one line. */
    static boolean isBlank(char c) {
        return c != '\n' && isSpace(c);
    }

    /** {@code \w}. */
    static boolean isWord(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** What {@code \b} counts as a word character. */
    private static boolean isBoundaryWord(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }

    /** {@code \b} right before index {@code i}, where a word character starts. */
    static boolean boundaryBefore(String text, int i) {
        return i == 0 || !isBoundaryWord(text.charAt(i - 1));
    }

    /** {@code \b} right after a word that ends before index {@code end}. */
    static boolean boundaryAfter(String text, int end) {
        return end >= text.length() || !isBoundaryWord(text.charAt(end));
    }

    /** Index after the run of {@code \s} starting at {@code i}. */
    static int spaces(String text, int i) {
        while (i < text.length() && isSpace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Index after the run of same-line white space starting at {@code i}. */
    static int blanks(String text, int i) {
        while (i < text.length() && isBlank(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Index after the run of {@code \w} starting at {@code i}. */
    static int word(String text, int i) {
        while (i < text.length() && isWord(text.charAt(i))) {
            i++;
        }
        return i;
    }

    static int digits(String text, int i) {
        while (i < text.length() && isDigit(text.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean charAt(String text, int i, char c) {
        return i >= 0 && i < text.length() && text.charAt(i) == c;
    }

    /** True when the character at {@code i} is one of {@code chars}. */
    static boolean oneOf(String text, int i, String chars) {
        return i >= 0 && i < text.length() && chars.indexOf(text.charAt(i)) >= 0;
    }

    /** End of the line holding index {@code i}: the next line feed, or the end of the text. */
    static int lineEnd(String text, int i) {
        int end = text.indexOf('\n', i);
        return end < 0 ? text.length() : end;
    }

    /** Index after the last non-blank character in [start, end), or start when there is none. */
    static int trimEnd(String text, int start, int end) {
        while (end > start && isSpace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    /** What a scanner asks at the end of a keyword: does the syntax that must follow it start at {@code end}? */
    @FunctionalInterface
    interface After {
        boolean at(int end);
    }

    /**
     * True when an occurrence of {@code keyword} that starts at a word boundary is followed by the syntax {@code after}
     * accepts. Each {@code after} must read only what belongs to this occurrence (a run of spaces, a word), so the
     * scans of successive occurrences do not overlap by more than a constant.
     */
    static boolean anyKeyword(String text, String keyword, After after) {
        for (int i = text.indexOf(keyword); i >= 0; i = text.indexOf(keyword, i + 1)) {
            if (boundaryBefore(text, i) && after.at(i + keyword.length())) {
                return true;
            }
        }
        return false;
    }

    /** True when {@link #anyKeyword} holds for one of {@code keywords}. */
    static boolean anyKeyword(String text, String[] keywords, After after) {
        for (String keyword : keywords) {
            if (anyKeyword(text, keyword, after)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Visits the first non-blank character of every line (white space, line feeds included, skipped as {@code ^\s*}
     * in multi-line mode does), each once; stops at the first line {@code test} accepts.
     */
    static boolean anyLineStart(String text, After test) {
        int lineStart = 0;
        while (lineStart <= text.length()) {
            int first = spaces(text, lineStart);
            if (first < text.length() && test.at(first)) {
                return true;
            }
            int feed = text.indexOf('\n', first);
            if (feed < 0) {
                return false;
            }
            lineStart = feed + 1;
        }
        return false;
    }
}
