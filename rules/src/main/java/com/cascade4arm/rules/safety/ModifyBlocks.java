package com.cascade4arm.rules.safety;

import java.util.List;

/**
 * Turns DRL's {@code modify($d) { a(…), b(…) }} into the Java call {@code modify($d, a(…), b(…));} so javaparser can
 * read a consequence. Works on tokens, so braces inside strings or comments cannot confuse it; keeps every line break,
 * so javaparser's line numbers are the file's. A {@code modify} not written as a block is a problem.
 */
final class ModifyBlocks {

    /** Name of the call a modify block becomes. */
    static final String CALL = "modify";

    /** The rewritten text, or the problem and where it is. */
    record Rewrite(String text, String problem, int problemOffset) {
    }

    private ModifyBlocks() {
    }

    static Rewrite rewrite(String text, List<Tokens.Token> tokens) {
        List<Tokens.Token> code = Tokens.code(tokens);
        StringBuilder out = new StringBuilder(text);
        int shift = 0;
        for (int i = 0; i < code.size(); i++) {
            Tokens.Token token = code.get(i);
            if (!token.is(Tokens.Kind.IDENTIFIER, CALL)) {
                continue;
            }
            String shape = "write modify as modify($d) { routeLarge(\"…\"), assignCategory(\"…\", \"…\") }";
            if (i + 1 >= code.size() || !code.get(i + 1).is(Tokens.Kind.OPERATOR, "(")) {
                return new Rewrite(null, shape, token.offset());
            }
            int closeParen = matching(code, i + 1, "(", ")");
            if (closeParen < 0 || closeParen + 1 >= code.size() || !code.get(closeParen + 1).is(Tokens.Kind.OPERATOR, "{")) {
                return new Rewrite(null, shape, token.offset());
            }
            int closeBrace = matching(code, closeParen + 1, "{", "}");
            if (closeBrace < 0) {
                return new Rewrite(null, "the modify block has no closing '}'", token.offset());
            }
            if (closeBrace == closeParen + 2) {
                return new Rewrite(null, "the modify block is empty: call routeLarge, routeSmall, routeTo or assignCategory",
                        token.offset());
            }
            // Same-length replacements keep columns; only "}" → ");" adds one character.
            out.setCharAt(code.get(closeParen).offset() + shift, ',');
            out.setCharAt(code.get(closeParen + 1).offset() + shift, ' ');
            out.replace(code.get(closeBrace).offset() + shift, code.get(closeBrace).offset() + shift + 1, ");");
            shift++;
            i = closeBrace;
        }
        return new Rewrite(out.toString(), null, 0);
    }

    /** Index of the token closing the bracket at {@code open}, or -1. */
    private static int matching(List<Tokens.Token> code, int open, String opening, String closing) {
        int depth = 0;
        for (int i = open; i < code.size(); i++) {
            Tokens.Token token = code.get(i);
            if (token.is(Tokens.Kind.OPERATOR, opening)) {
                depth++;
            } else if (token.is(Tokens.Kind.OPERATOR, closing) && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
