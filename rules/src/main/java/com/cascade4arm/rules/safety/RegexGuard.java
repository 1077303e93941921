package com.cascade4arm.rules.safety;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Vets the pattern of a {@code matches} constraint: it must compile, stay short, and have no quantified group that
 * itself contains a quantifier ({@code (a+)+}) — the classic shape of catastrophic backtracking, which would stall every
 * request the rule sees (the fire limit bounds firings, not time). A heuristic, conservative by design.
 */
final class RegexGuard {

    static final int MAX_PATTERN_CHARS = 500;

    private RegexGuard() {
    }

    static Optional<String> problem(String regex) {
        if (regex.length() > MAX_PATTERN_CHARS) {
            return Optional.of("the 'matches' pattern must be at most " + MAX_PATTERN_CHARS + " characters, but was "
                    + regex.length());
        }
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return Optional.of("the 'matches' pattern does not compile: " + e.getDescription() + " near index "
                    + e.getIndex());
        }
        return hasNestedQuantifier(regex) ? Optional.of("the 'matches' pattern '" + regex + "' repeats a group that "
                + "already repeats (like (a+)+): that can take exponential time; simplify it") : Optional.empty();
    }

    /** True when a group containing a quantifier is itself followed by *, + or {. */
    static boolean hasNestedQuantifier(String regex) {
        Deque<Boolean> groupHasQuantifier = new ArrayDeque<>();
        boolean inClass = false;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                groupHasQuantifier.push(false);
            } else if (c == ')' && !groupHasQuantifier.isEmpty()) {
                boolean inner = groupHasQuantifier.pop();
                boolean repeated = i + 1 < regex.length() && "*+{".indexOf(regex.charAt(i + 1)) >= 0;
                if (inner && repeated) {
                    return true;
                }
                if ((inner || repeated) && !groupHasQuantifier.isEmpty()) {
                    groupHasQuantifier.pop();
                    groupHasQuantifier.push(true);
                }
            } else if ("*+{".indexOf(c) >= 0 && !groupHasQuantifier.isEmpty()) {
                groupHasQuantifier.pop();
                groupHasQuantifier.push(true);
            }
        }
        return false;
    }
}
