package com.cascade4arm.rules.facts;

/**
 * Which kinds of character a text holds, from one pass: a scanner whose every find needs a kind the text lacks (a
 * digit for a quantity, a non-ASCII letter for a language's own letters, an operator or a bracket for code syntax)
 * skips its own pass over the text. A table answers ASCII, most of any message.
 */
final class TextTraits {

    static final int DIGIT = 1;
    static final int NON_ASCII = 1 << 1;
    /** '_', or an ASCII capital right after a letter, digit or '_': what snake_case and camelCase need. */
    static final int IDENTIFIER_SHAPE = 1 << 2;
    static final int EQUALS = 1 << 3;
    static final int PAREN = 1 << 4;
    static final int BRACKET = 1 << 5;
    /** '<' or '>'. */
    static final int ANGLE = 1 << 6;
    static final int COLON = 1 << 7;
    /** '+' or '-'. */
    static final int PLUS_OR_MINUS = 1 << 8;

    /** Table-only bits: a capital, an identifier character ({@link SourceText#isIdentifierPart}). */
    private static final int CAPITAL = 1 << 30;
    /** One bit below {@link #CAPITAL}: {@link #of} aligns them with a shift. */
    private static final int IDENTIFIER_PART = CAPITAL >>> 1;
    private static final int[] ASCII = new int[128];

    static {
        for (char c = 0; c < ASCII.length; c++) {
            int traits = SourceText.isIdentifierPart(c) ? IDENTIFIER_PART : 0;
            traits |= c >= 'A' && c <= 'Z' ? CAPITAL : 0;
            traits |= c >= '0' && c <= '9' ? DIGIT : 0;
            traits |= c == '_' ? IDENTIFIER_SHAPE : 0;
            traits |= c == '=' ? EQUALS : 0;
            traits |= c == '(' ? PAREN : 0;
            traits |= c == '[' ? BRACKET : 0;
            traits |= c == '<' || c == '>' ? ANGLE : 0;
            traits |= c == ':' ? COLON : 0;
            traits |= c == '+' || c == '-' ? PLUS_OR_MINUS : 0;
            ASCII[c] = traits;
        }
    }

    private TextTraits() {
    }

    /**
     * Branch-free over ASCII: a capital right after an identifier character is the previous character's
     * {@code IDENTIFIER_PART} bit ANDed with this one's {@code CAPITAL} bit shifted onto it, so no iteration waits for a
     * decision on the one before (as a carried flag and its branch made each one wait).
     */
    static int of(String text) {
        int traits = 0;
        int camel = 0;
        int previous = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int t;
            if (c < ASCII.length) {
                t = ASCII[c];
            } else {
                traits |= Character.isDigit(c) ? NON_ASCII | DIGIT : NON_ASCII;
                t = 0;
            }
            camel |= previous & (t >>> 1);
            previous = t;
            traits |= t;
        }
        return (traits & ~(CAPITAL | IDENTIFIER_PART)) | (camel != 0 ? IDENTIFIER_SHAPE : 0);
    }
}
