package com.cascade4arm.rules.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits constraint and consequence text into Java-lexical tokens (identifiers, literals, operators, comments), so the
 * checkers can allow-list every token — a backstop that does not depend on how any parser groups them — and find
 * {@code modify} blocks without being fooled by strings or comments.
 */
final class Tokens {

    enum Kind { IDENTIFIER, STRING, CHAR, NUMBER, OPERATOR, COMMENT, WHITESPACE, TEXT_BLOCK, UNTERMINATED, OTHER }

    /** One token and where it starts in the scanned text. */
    record Token(Kind kind, String text, int offset) {
        boolean is(Kind k, String value) {
            return kind == k && text.equals(value);
        }

        boolean isCode() {
            return kind != Kind.WHITESPACE && kind != Kind.COMMENT;
        }
    }

    /** Longest first, so ">=" wins over ">". */
    private static final List<String> OPERATORS = List.of(">>>=", "<<=", ">>=", ">>>", "...", "->", "::", "++", "--",
            "&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "&=", "|=", "^=", "%=", "<<", ">>", "!.", ":=",
            "(", ")", "{", "}", "[", "]", ";", ",", ".", "@", "=", ">", "<", "!", "~", "?", ":", "+", "-", "*", "/", "&",
            "|", "^", "%", "#");
    private static final Pattern NUMBER = Pattern.compile(
            "0[xX][0-9a-fA-F_]+[lL]?|\\d[\\d_]*(?:\\.\\d[\\d_]*)?(?:[eE][+-]?\\d+)?[lLfFdD]?|\\.\\d[\\d_]*(?:[eE][+-]?\\d+)?[fFdD]?");

    private Tokens() {
    }

    static List<Token> scan(String text) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            int end = tokenEnd(text, i);
            tokens.add(new Token(kindAt(text, i, end), text.substring(i, end), i));
            i = end;
        }
        return tokens;
    }

    /** Tokens without white space and comments. */
    static List<Token> code(List<Token> tokens) {
        return tokens.stream().filter(Token::isCode).toList();
    }

    private static Kind kindAt(String text, int start, int end) {
        char c = text.charAt(start);
        if (isWhitespace(c)) {
            return Kind.WHITESPACE;
        }
        if (text.startsWith("//", start) || text.startsWith("/*", start)) {
            return text.startsWith("/*", start) && !text.substring(start, end).endsWith("*/") || end - start < 2
                    ? Kind.UNTERMINATED : Kind.COMMENT;
        }
        if (text.startsWith("\"\"\"", start)) {
            return Kind.TEXT_BLOCK;
        }
        if (c == '"' || c == '\'') {
            return end - start >= 2 && text.charAt(end - 1) == c && !escapedAt(text, start + 1, end - 1)
                    ? (c == '"' ? Kind.STRING : Kind.CHAR) : Kind.UNTERMINATED;
        }
        if (isIdentifierStart(c)) {
            return Kind.IDENTIFIER;
        }
        if (Character.isDigit(c) || c == '.' && end - start > 1) {
            return Kind.NUMBER;
        }
        return OPERATORS.contains(text.substring(start, end)) ? Kind.OPERATOR : Kind.OTHER;
    }

    private static int tokenEnd(String text, int start) {
        char c = text.charAt(start);
        if (isWhitespace(c)) {
            int i = start;
            while (i < text.length() && isWhitespace(text.charAt(i))) {
                i++;
            }
            return i;
        }
        if (text.startsWith("//", start)) {
            int newline = text.indexOf('\n', start);
            return newline < 0 ? text.length() : newline;
        }
        if (text.startsWith("/*", start)) {
            int close = text.indexOf("*/", start + 2);
            return close < 0 ? text.length() : close + 2;
        }
        if (text.startsWith("\"\"\"", start)) {
            return start + 3;
        }
        if (c == '"' || c == '\'') {
            return quotedEnd(text, start, c);
        }
        if (isIdentifierStart(c)) {
            int i = start + 1;
            while (i < text.length() && isIdentifierPart(text.charAt(i))) {
                i++;
            }
            return i;
        }
        Matcher number = NUMBER.matcher(text).region(start, text.length());
        if ((Character.isDigit(c) || c == '.') && number.lookingAt()) {
            return number.end();
        }
        for (String operator : OPERATORS) {
            if (text.startsWith(operator, start)) {
                return start + operator.length();
            }
        }
        return start + 1;
    }

    /** End of a quoted literal: after the closing quote, or at the line end when it is missing (unterminated). */
    private static int quotedEnd(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else if (c == '\n' || c == '\r') {
                return i;
            } else {
                i++;
            }
        }
        return Math.min(i, text.length());
    }

    /** True when the character at {@code index} is escaped by an odd run of backslashes starting at {@code from}. */
    private static boolean escapedAt(String text, int from, int index) {
        int backslashes = 0;
        for (int i = index - 1; i >= from && text.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    /** ASCII only: a non-ASCII letter outside strings and comments is OTHER, hence rejected. */
    static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
    }

    static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || c >= '0' && c <= '9';
    }

    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }
}
