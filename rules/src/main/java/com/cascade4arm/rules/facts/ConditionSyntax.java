package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.Scan.boundaryBefore;
import static com.cascade4arm.rules.facts.Scan.isSpace;

/**
 * {@code \b(?:for|while|if|switch|catch)\s*\([^)]*[=<>!;:][^)]*\)}: a control keyword with a parenthesised condition
 * holding an operator ({@code if (x > 0)}, {@code for (i = 0; ...)}). The backtracking regex took cubic time on text
 * like {@code if(=if(=...} with no ')' (every '(' retried every split); here each '(' is looked at once: the span up to
 * the next ')' is scanned once, and a '(' inside a span that already failed is skipped (its span is a part of it).
 */
final class ConditionSyntax {

    private static final String[] KEYWORDS = {"for", "while", "if", "switch", "catch"};
    private static final String OPERATORS = "=<>!;:";

    private ConditionSyntax() {
    }

    static boolean parenthesisedCondition(String t) {
        int failedSpanEnd = -1;
        for (int open = t.indexOf('('); open >= 0; open = t.indexOf('(', open + 1)) {
            if (open < failedSpanEnd || !followsKeyword(t, open)) {
                continue;
            }
            boolean operator = false;
            int close = open + 1;
            while (close < t.length() && t.charAt(close) != ')') {
                operator |= OPERATORS.indexOf(t.charAt(close)) >= 0;
                close++;
            }
            if (close == t.length()) {
                return false; // no ')' after this '(': none after any later '(' either
            }
            if (operator) {
                return true;
            }
            failedSpanEnd = close;
        }
        return false;
    }

    /** A control keyword, starting at a word boundary, then only white space up to the '(' at {@code open}. */
    private static boolean followsKeyword(String t, int open) {
        int end = open;
        while (end > 0 && isSpace(t.charAt(end - 1))) {
            end--;
        }
        for (String keyword : KEYWORDS) {
            int start = end - keyword.length();
            if (start >= 0 && t.startsWith(keyword, start) && boundaryBefore(t, start)) {
                return true;
            }
        }
        return false;
    }
}
