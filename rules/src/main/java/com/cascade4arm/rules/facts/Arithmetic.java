package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.Scan.boundaryAfter;
import static com.cascade4arm.rules.facts.Scan.charAt;
import static com.cascade4arm.rules.facts.Scan.isDigit;
import static com.cascade4arm.rules.facts.Scan.oneOf;
import static com.cascade4arm.rules.facts.Scan.spaces;

/**
 * Arithmetic in lower-case text, {@code \d\s*[+*&#47;^×÷=]\s*[(\d]|\d\s+-\s+\d|\d\s*[a-z]\s*[+\-*&#47;^=]\s*\d|\d\s*%\s*of\b},
 * checked from each digit by a scan over the few characters after it: linear time.
 */
final class Arithmetic {

    private static final String OPERATORS = "+*/^×÷=";
    private static final String VARIABLE_OPERATORS = "+-*/^=";

    private Arithmetic() {
    }

    static boolean in(String lower) {
        for (int i = 0; i < lower.length(); i++) {
            if (isDigit(lower.charAt(i)) && after(lower, i + 1)) {
                return true;
            }
        }
        return false;
    }

    /** What may follow a digit that ends at {@code end}. */
    private static boolean after(String t, int end) {
        int op = spaces(t, end);
        if (oneOf(t, op, OPERATORS) && (oneOf(t, spaces(t, op + 1), "(0123456789"))) {
            return true;
        }
        if (op > end && charAt(t, op, '-')) {
            int right = spaces(t, op + 1);
            if (right > op + 1 && right < t.length() && isDigit(t.charAt(right))) {
                return true;
            }
        }
        if (op < t.length() && t.charAt(op) >= 'a' && t.charAt(op) <= 'z') {
            int variableOp = spaces(t, op + 1);
            int right = spaces(t, variableOp + 1);
            if (oneOf(t, variableOp, VARIABLE_OPERATORS) && right < t.length() && isDigit(t.charAt(right))) {
                return true;
            }
        }
        if (charAt(t, op, '%')) {
            int of = spaces(t, op + 1);
            return t.startsWith("of", of) && boundaryAfter(t, of + 2);
        }
        return false;
    }
}
