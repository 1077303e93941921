package com.cascade4arm.rules.safety;

/**
 * Checks on a whole file, before parsing. Java compilers translate unicode escapes ({@code \u0022}) before anything
 * else, so an escape inside a string literal could close it and smuggle code past a parser that keeps escapes; control
 * characters other than tab and line breaks are refused for the same reason. Bracket nesting is capped: the parsers
 * recurse per level, and a few hundred levels overflow a thread's stack.
 */
final class SourceChecks {

    static final int MAX_NESTING = 32;

    private SourceChecks() {
    }

    static void check(SourceFile file) {
        String text = file.text();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == 'u') {
                file.rejectAt(i, "unicode escapes (\\u…) are not allowed: the Java compiler decodes them before "
                        + "reading strings, so they can hide code; write the character itself");
                return;
            }
            if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') {
                file.rejectAt(i, "control character U+" + String.format("%04X", (int) c) + " is not allowed");
                return;
            }
        }
        nesting(file);
    }

    private static void nesting(SourceFile file) {
        int depth = 0;
        for (Tokens.Token token : Tokens.scan(file.text())) {
            if (token.kind() != Tokens.Kind.OPERATOR) {
                continue;
            }
            String symbol = token.text();
            if (symbol.equals("(") || symbol.equals("[") || symbol.equals("{")) {
                if (++depth > MAX_NESTING) {
                    file.rejectAt(token.offset(), "brackets are nested more than " + MAX_NESTING + " levels deep");
                    return;
                }
            } else if (symbol.equals(")") || symbol.equals("]") || symbol.equals("}")) {
                depth = Math.max(0, depth - 1);
            }
        }
    }
}
