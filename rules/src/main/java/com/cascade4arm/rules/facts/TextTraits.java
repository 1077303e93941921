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
    private static final int IDENTIFIER_PART = 1 << 29;
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

    static int of(String text) {
        int traits = 0;
        boolean afterIdentifierPart = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < ASCII.length) {
                int t = ASCII[c];
                traits |= afterIdentifierPart && (t & CAPITAL) != 0 ? t | IDENTIFIER_SHAPE : t;
                afterIdentifierPart = (t & IDENTIFIER_PART) != 0;
            } else {
                traits |= Character.isDigit(c) ? NON_ASCII | DIGIT : NON_ASCII;
                afterIdentifierPart = false;
            }
        }
        return traits;
    }
}
