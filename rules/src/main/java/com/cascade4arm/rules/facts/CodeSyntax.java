package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.SourceText.closingIndex;
import static com.cascade4arm.rules.facts.SourceText.identifierEnd;
import static com.cascade4arm.rules.facts.SourceText.isIdentifierPart;
import static com.cascade4arm.rules.facts.SourceText.isIdentifierStart;
import static com.cascade4arm.rules.facts.SourceText.skipSpaces;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Code recognised by its syntax where there is no fence and no language name: "fix: while x < 10 x += 1". Names the
 * kinds found: a bare condition ({@code while x < 10}, {@code if n == 0}, {@code for i in range(}), an update
 * ({@code x += 1}, {@code i++}), an assignment statement ({@code total = 0;}), a call ({@code print(i)}), an index
 * ({@code a[i]}) and a code identifier ({@code user_id}, {@code forEach}). One forward pass over identifiers, each
 * looking at most {@value #LOOKAHEAD} characters around it, without allocating; it stops once every kind is found.
 */
final class CodeSyntax {

    static final String BARE_CONDITION = "bare condition";
    static final String UPDATE = "update";
    static final String ASSIGNMENT = "assignment";
    static final String CALL = "call";
    static final String INDEX = "index";
    static final String IDENTIFIER = "identifier";

    /** The kinds in reporting order; bit i of a mask stands for KINDS.get(i). */
    private static final List<String> KINDS = List.of(BARE_CONDITION, UPDATE, ASSIGNMENT, CALL, INDEX, IDENTIFIER);
    private static final int BARE_CONDITION_BIT = bit(BARE_CONDITION);
    private static final int UPDATE_BIT = bit(UPDATE);
    private static final int ASSIGNMENT_BIT = bit(ASSIGNMENT);
    private static final int CALL_BIT = bit(CALL);
    private static final int INDEX_BIT = bit(INDEX);
    private static final int IDENTIFIER_BIT = bit(IDENTIFIER);

    /** Farthest look past an identifier: a call's argument list or a condition's operand. */
    private static final int LOOKAHEAD = 40;
    private static final List<String> CONTROL = List.of("if", "while", "for", "elif", "until", "unless");
    private static final int LONGEST_CONTROL = CONTROL.stream().mapToInt(String::length).max().orElseThrow();
    /** The keywords' first letters (identifiers are ASCII): most words are no keyword by their first letter. */
    private static final boolean[] CONTROL_INITIAL = new boolean[128];

    static {
        CONTROL.forEach(keyword -> CONTROL_INITIAL[keyword.charAt(0)] = true);
    }
    /** "file(s)", "Freund(in)": a plural or gender ending in parentheses is prose. */
    private static final Set<String> PROSE_ENDINGS = WordSet.of("s", "es", "en", "e", "n", "in", "innen", "a", "as");
    private static final int LONGEST_PROSE_ENDING = 5;
    /** Names that "++" follows in prose: C++, g++, Notepad++. */
    private static final List<String> PLUS_PLUS_NAMES = List.of("c", "C", "g", "notepad", "Notepad");

    private CodeSyntax() {
    }

    /** @param traits the {@link TextTraits} of {@code text} */
    static Set<String> find(String text, int traits) {
        int possible = possibleKinds(text, traits);
        int found = 0;
        int i = 0;
        while (i < text.length() && found != possible) { // possible == 0: prose, nothing to look for
            if (!isIdentifierPart(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            // '_' or a capital after the first two letters: only then can it be snake_case or camelCase
            boolean codeLetters = false;
            for (char c; i < text.length() && isIdentifierPart(c = text.charAt(i)); i++) {
                codeLetters |= c == '_' || i >= start + 2 && isUpper(c);
            }
            // a run that starts with a digit ("3d") is no identifier; only the kinds not found yet are looked for, and
            // a word that can only be a code identifier is looked at only when it has the letters of one
            int wanted = possible & ~found;
            if (isIdentifierStart(text.charAt(start)) && (codeLetters || wanted != IDENTIFIER_BIT)) {
                found |= classify(text, start, i, codeLetters, wanted);
            }
        }
        if (found == 0) {
            return Set.of();
        }
        Set<String> kinds = new LinkedHashSet<>();
        for (int k = 0; k < KINDS.size(); k++) {
            if ((found & 1 << k) != 0) {
                kinds.add(KINDS.get(k));
            }
        }
        return Collections.unmodifiableSet(kinds);
    }

    /**
     * The kinds {@code text} can hold at all, by the characters each needs (a comparison or for-in, an operator, '(',
     * '[', '_' or a capital inside a word): prose holds none of them, and then its words are not read at all.
     */
    private static int possibleKinds(String text, int traits) {
        boolean equals = (traits & TextTraits.EQUALS) != 0;
        boolean paren = (traits & TextTraits.PAREN) != 0;
        int kinds = (traits & TextTraits.IDENTIFIER_SHAPE) != 0 ? IDENTIFIER_BIT : 0;
        if (equals || paren || (traits & (TextTraits.ANGLE | TextTraits.COLON)) != 0) {
            kinds |= BARE_CONDITION_BIT;
        }
        if (equals || (traits & TextTraits.PLUS_OR_MINUS) != 0 && (text.contains("++") || text.contains("--"))) {
            kinds |= UPDATE_BIT;
        }
        if (equals) {
            kinds |= ASSIGNMENT_BIT;
        }
        if (paren) {
            kinds |= CALL_BIT;
        }
        if ((traits & TextTraits.BRACKET) != 0) {
            kinds |= INDEX_BIT;
        }
        return kinds;
    }

    /** The kinds among {@code wanted} that the identifier in [start, end) shows. */
    private static int classify(String text, int start, int end, boolean codeLetters, int wanted) {
        int kinds = 0;
        if ((wanted & BARE_CONDITION_BIT) != 0 && isControl(text, start, end) && bareCondition(text, end)) {
            kinds |= BARE_CONDITION_BIT;
        }
        char first = text.charAt(start);
        if ((wanted & (UPDATE_BIT | ASSIGNMENT_BIT)) != 0 && (isLower(first) || first == '_')
                && isOperatorStart(text, skipSpaces(text, end, LOOKAHEAD))) {
            if ((wanted & UPDATE_BIT) != 0 && isUpdate(text, end) && !plusPlusName(text, start, end)) {
                kinds |= UPDATE_BIT;
            }
            if ((wanted & ASSIGNMENT_BIT) != 0 && isAssignment(text, end) && atStatementStart(text, start)) {
                kinds |= ASSIGNMENT_BIT;
            }
        }
        char next = end < text.length() ? text.charAt(end) : ' ';
        if ((wanted & CALL_BIT) != 0 && next == '(' && end - start >= 2 && isCall(text, end)) {
            kinds |= CALL_BIT;
        }
        if ((wanted & INDEX_BIT) != 0 && next == '[' && closingIndex(text, end, ']', LOOKAHEAD) > 0
                && end + 1 < text.length() && (isIdentifierPart(text.charAt(end + 1)) || text.charAt(end + 1) == '"')) {
            kinds |= INDEX_BIT;
        }
        return (wanted & IDENTIFIER_BIT) != 0 && codeLetters && isCodeIdentifier(text, start, end)
                ? kinds | IDENTIFIER_BIT : kinds;
    }

    private static int bit(String kind) {
        return 1 << KINDS.indexOf(kind);
    }

    /** Prose words are followed by letters and punctuation; updates and assignments by one of these. */
    private static boolean isOperatorStart(String text, int i) {
        if (i >= text.length()) {
            return false;
        }
        char c = text.charAt(i);
        return c == '=' || c == '+' || c == '-' || c == '*' || c == '/';
    }

    private static boolean isControl(String text, int start, int end) {
        char initial = text.charAt(start);
        if (end - start > LONGEST_CONTROL || initial >= CONTROL_INITIAL.length || !CONTROL_INITIAL[initial]) {
            return false; // most words: no keyword compared
        }
        for (String keyword : CONTROL) {
            if (keyword.length() == end - start && text.startsWith(keyword, start)) {
                return true;
            }
        }
        return false;
    }

    /** After if/while/for: an operand then a comparison ("x < 10", "n == 0"), or for-in over a call ("i in range("). */
    private static boolean bareCondition(String text, int end) {
        int i = skipSpaces(text, end, LOOKAHEAD);
        if (i == end || i >= text.length() || !isIdentifierPart(text.charAt(i))) {
            return false; // "if(" is the keyword rule's business, "if, " is prose
        }
        int op = skipSpaces(text, identifierEnd(text, i, LOOKAHEAD), LOOKAHEAD);
        if (op >= text.length()) {
            return false;
        }
        char c = text.charAt(op);
        char d = op + 1 < text.length() ? text.charAt(op + 1) : ' ';
        if (c == '<' || c == '>' || (c == '=' || c == '!') && d == '=') {
            return true;
        }
        if (text.startsWith("in ", op)) {
            int iterable = skipSpaces(text, op + 2, LOOKAHEAD);
            int iterableEnd = identifierEnd(text, iterable, LOOKAHEAD);
            return iterableEnd > iterable && iterableEnd < text.length()
                    && (text.charAt(iterableEnd) == '(' || text.charAt(iterableEnd) == ':');
        }
        return false;
    }

    /** {@code x += 1}, {@code x -= y}, {@code i++}, {@code total =+ n} (a typo only code has). */
    private static boolean isUpdate(String text, int end) {
        int op = skipSpaces(text, end, LOOKAHEAD);
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

    private static boolean plusPlusName(String text, int start, int end) {
        for (String name : PLUS_PLUS_NAMES) {
            if (name.length() == end - start && text.startsWith(name, start)) {
                return true;
            }
        }
        return false;
    }

    /** {@code name = value} with a single '=', the value opening like code: a name, a number, a bracket or a quote. */
    private static boolean isAssignment(String text, int end) {
        int op = skipSpaces(text, end, LOOKAHEAD);
        if (op == end || op + 1 >= text.length() || text.charAt(op) != '=' || text.charAt(op + 1) == '='
                || text.charAt(op + 1) == '>') {
            return false;
        }
        int value = skipSpaces(text, op + 1, LOOKAHEAD);
        if (value == op + 1 || value >= text.length()) {
            return false;
        }
        char c = text.charAt(value);
        return isIdentifierPart(c) || c == '[' || c == '{' || c == '(' || c == '"' || c == '\'';
    }

    /** Line start, text start, or after ';', '{' or ': ' — where a statement begins. */
    private static boolean atStatementStart(String text, int start) {
        int i = start - 1;
        while (i >= 0 && start - i <= LOOKAHEAD && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i--;
        }
        return i < 0 || text.charAt(i) == '\n' || text.charAt(i) == ';' || text.charAt(i) == '{'
                || text.charAt(i) == ':' && i + 1 < start;
    }

    /** {@code name(...)}: closed within {@value #LOOKAHEAD} characters, not a plural like "file(s)". */
    private static boolean isCall(String text, int paren) {
        int close = closingIndex(text, paren, ')', LOOKAHEAD);
        if (close < 0) {
            return false;
        }
        int length = close - paren - 1;
        return length > LONGEST_PROSE_ENDING || !PROSE_ENDINGS.contains(text.substring(paren + 1, close));
    }

    /** snake_case ({@code user_id}, {@code __init__}), or camelCase after two lower-case letters ({@code forEach}). */
    private static boolean isCodeIdentifier(String text, int start, int end) {
        int length = end - start;
        if (length > 4 && text.startsWith("__", start) && text.startsWith("__", end - 2)
                && Character.isLetter(text.charAt(start + 2))) {
            return true; // __init__
        }
        for (int i = start + 1; i + 1 < end; i++) {
            if (text.charAt(i) == '_' && text.charAt(i - 1) != '_' && text.charAt(i + 1) != '_') {
                return true; // user_id, andere_liste — not _emphasis_
            }
        }
        if (length < 4 || !isLower(text.charAt(start)) || !isLower(text.charAt(start + 1))) {
            return false;
        }
        for (int i = start + 2; i + 1 < end; i++) {
            if (isUpper(text.charAt(i)) && isLower(text.charAt(i + 1))) {
                return true;
            }
        }
        return false;
    }

    /** {@link Character#isLowerCase(char)} on an identifier's characters, which are ASCII ({@link SourceText}). */
    private static boolean isLower(char c) {
        return c >= 'a' && c <= 'z';
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }
}
