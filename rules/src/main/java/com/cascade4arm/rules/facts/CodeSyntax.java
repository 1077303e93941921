package com.cascade4arm.rules.facts;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Code recognised by its syntax where there is no fence and no language name: "fix: while x < 10 x += 1". Names the
 * kinds found: a bare condition ({@code while x < 10}, {@code if n == 0}, {@code for i in range(}), an update
 * ({@code x += 1}, {@code i++}), an assignment statement ({@code total = 0;}), a call ({@code print(i)}), an index
 * ({@code a[i]}) and a code identifier ({@code user_id}, {@code forEach}). One forward pass over identifiers, each
 * looking at most {@value #LOOKAHEAD} characters ahead: linear in the text, no regex.
 */
final class CodeSyntax {

    static final String BARE_CONDITION = "bare condition";
    static final String UPDATE = "update";
    static final String ASSIGNMENT = "assignment";
    static final String CALL = "call";
    static final String INDEX = "index";
    static final String IDENTIFIER = "identifier";

    /** Farthest look past an identifier: a call's argument list or a condition's operand. */
    private static final int LOOKAHEAD = 40;
    private static final Set<String> CONTROL = Set.of("if", "while", "for", "elif", "until", "unless");
    /** "file(s)", "Freund(in)": a plural or gender ending in parentheses is prose. */
    private static final Set<String> PROSE_ENDINGS = Set.of("s", "es", "en", "e", "n", "in", "innen", "a", "as");
    /** Names that "++" follows in prose: C++, g++, Notepad++. */
    private static final Set<String> PLUS_PLUS_NAMES = Set.of("c", "C", "g", "notepad", "Notepad");

    private CodeSyntax() {
    }

    static Set<String> find(String text) {
        Set<String> found = new LinkedHashSet<>();
        int i = 0;
        while (i < text.length()) {
            if (!isIdentifierStart(text.charAt(i)) || i > 0 && isIdentifierPart(text.charAt(i - 1))) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && isIdentifierPart(text.charAt(i))) {
                i++;
            }
            classify(text, start, i, found);
        }
        return found.isEmpty() ? Set.of() : Collections.unmodifiableSet(found);
    }

    private static void classify(String text, int start, int end, Set<String> found) {
        String name = text.substring(start, end);
        if (CONTROL.contains(name) && bareCondition(text, end)) {
            found.add(BARE_CONDITION);
        }
        if (Character.isLowerCase(name.charAt(0)) || name.charAt(0) == '_') {
            if (isUpdate(text, end) && !(PLUS_PLUS_NAMES.contains(name) && text.startsWith("++", end))) {
                found.add(UPDATE);
            }
            if (atStatementStart(text, start) && isAssignment(text, end)) {
                found.add(ASSIGNMENT);
            }
        }
        if (end < text.length() && text.charAt(end) == '(' && name.length() >= 2 && isCall(text, end)) {
            found.add(CALL);
        }
        if (end < text.length() && text.charAt(end) == '[' && closingIndex(text, end, ']') > 0
                && end + 1 < text.length() && (isIdentifierPart(text.charAt(end + 1)) || text.charAt(end + 1) == '"')) {
            found.add(INDEX);
        }
        if (isCodeIdentifier(name)) {
            found.add(IDENTIFIER);
        }
    }

    /** After if/while/for: an operand then a comparison ("x < 10", "n == 0"), or for-in over a call ("i in range("). */
    private static boolean bareCondition(String text, int end) {
        int i = skipSpaces(text, end);
        if (i == end || i >= text.length() || !isIdentifierPart(text.charAt(i))) {
            return false; // "if(" is the keyword rule's business, "if, " is prose
        }
        int operandEnd = identifierEnd(text, i);
        int op = skipSpaces(text, operandEnd);
        if (op >= text.length()) {
            return false;
        }
        char c = text.charAt(op);
        char d = op + 1 < text.length() ? text.charAt(op + 1) : ' ';
        if (c == '<' || c == '>' || (c == '=' || c == '!') && d == '=') {
            return true;
        }
        if (text.startsWith("in ", op)) {
            int iterable = skipSpaces(text, op + 2);
            int iterableEnd = identifierEnd(text, iterable);
            return iterableEnd > iterable && iterableEnd < text.length()
                    && (text.charAt(iterableEnd) == '(' || text.charAt(iterableEnd) == ':');
        }
        return false;
    }

    /** {@code x += 1}, {@code x -= y}, {@code i++}, {@code total =+ n} (a typo only code has). */
    private static boolean isUpdate(String text, int end) {
        int op = skipSpaces(text, end);
        if (op + 1 >= text.length()) {
            return false;
        }
        char c = text.charAt(op);
        char d = text.charAt(op + 1);
        if ((c == '+' || c == '-' || c == '*' || c == '/') && d == '=' || c == '=' && d == '+' && op > end) {
            return op + 2 < text.length() && (text.charAt(op + 2) == ' ' || isIdentifierPart(text.charAt(op + 2)));
        }
        return op == end && (c == '+' && d == '+' || c == '-' && d == '-')
                && (op + 2 == text.length() || !isIdentifierPart(text.charAt(op + 2)));
    }

    /** {@code name = value} with a single '=', the value opening like code: a name, a number, a bracket or a quote. */
    private static boolean isAssignment(String text, int end) {
        int op = skipSpaces(text, end);
        if (op == end || op + 1 >= text.length() || text.charAt(op) != '=' || text.charAt(op + 1) == '='
                || text.charAt(op + 1) == '>') {
            return false;
        }
        int value = skipSpaces(text, op + 1);
        if (value == op + 1 || value >= text.length()) {
            return false;
        }
        char c = text.charAt(value);
        return isIdentifierPart(c) || c == '[' || c == '{' || c == '(' || c == '"' || c == '\'';
    }

    /** Line start, text start, or after ';', '{' or ': ' — where a statement begins. */
    private static boolean atStatementStart(String text, int start) {
        int i = start - 1;
        while (i >= 0 && text.charAt(i) == ' ' || i >= 0 && text.charAt(i) == '\t') {
            i--;
        }
        return i < 0 || text.charAt(i) == '\n' || text.charAt(i) == ';' || text.charAt(i) == '{'
                || text.charAt(i) == ':' && i + 1 < start;
    }

    /** {@code name(...)}: closed within {@value #LOOKAHEAD} characters, not a plural like "file(s)". */
    private static boolean isCall(String text, int paren) {
        int close = closingIndex(text, paren, ')');
        return close > 0 && !PROSE_ENDINGS.contains(text.substring(paren + 1, close));
    }

    /** snake_case ({@code user_id}, {@code __init__}) or camelCase starting with two lower-case letters ({@code forEach}). */
    private static boolean isCodeIdentifier(String name) {
        if (name.startsWith("__") && name.endsWith("__") && name.length() > 4 && Character.isLetter(name.charAt(2))) {
            return true; // __init__
        }
        for (int i = 1; i + 1 < name.length(); i++) {
            if (name.charAt(i) == '_' && name.charAt(i - 1) != '_' && name.charAt(i + 1) != '_') {
                return true; // user_id, andere_liste — not _emphasis_
            }
        }
        for (int i = 2; i + 1 < name.length(); i++) {
            if (Character.isUpperCase(name.charAt(i)) && Character.isLowerCase(name.charAt(i + 1))
                    && Character.isLowerCase(name.charAt(0)) && Character.isLowerCase(name.charAt(1))) {
                return true;
            }
        }
        return false;
    }

    /** Index of {@code close} within {@value #LOOKAHEAD} characters after {@code open}, or -1. */
    private static int closingIndex(String text, int open, char close) {
        for (int i = open + 1; i < text.length() && i - open <= LOOKAHEAD; i++) {
            if (text.charAt(i) == close) {
                return i;
            }
        }
        return -1;
    }

    private static int skipSpaces(String text, int from) {
        int i = from;
        while (i < text.length() && i - from < LOOKAHEAD && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private static int identifierEnd(String text, int from) {
        int i = from;
        while (i < text.length() && i - from < LOOKAHEAD && isIdentifierPart(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || c >= '0' && c <= '9';
    }
}
