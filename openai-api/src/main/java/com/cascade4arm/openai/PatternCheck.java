package com.cascade4arm.openai;

/**
 * Reads a schema's {@code pattern} the way llama.cpp's schema converter does and refuses what it cannot take or what
 * would blow up the grammar: the converter knows a regex subset only (anchored {@code ^…$}; literals, escapes, {@code .},
 * groups, classes, {@code |}, {@code * + ?} and counted {@code {n,m}}) and aborts the process, spins or expands without
 * bound on anything else — e.g. a stray {@code ]} loops forever, {@code (a{1000}){1000}} took 51 s.
 */
final class PatternCheck {
    private final String body;
    private final SchemaLimits limits;
    private final String where;
    private int at;
    private long repetitions;

    private PatternCheck(String body, SchemaLimits limits, String where) {
        this.body = body;
        this.limits = limits;
        this.where = where;
    }

    /** The pattern's repetition units (largest count of each counted repetition, added up); 400 when refused. */
    static long check(String pattern, SchemaLimits limits, String where) {
        if (pattern.length() > limits.maxPatternChars()) {
            throw JsonSchemaCheck.limit(where, "pattern must be at most " + limits.maxPatternChars()
                    + " characters, but was " + pattern.length());
        }
        if (pattern.length() < 2 || pattern.charAt(0) != '^' || pattern.charAt(pattern.length() - 1) != '$') {
            throw refused(where, "pattern must start with '^' and end with '$' (llama.cpp anchors every pattern)");
        }
        PatternCheck check = new PatternCheck(pattern.substring(1, pattern.length() - 1), limits, where);
        check.alternation();
        if (check.at < check.body.length()) {
            throw refused(where, "pattern has an unbalanced ')' at position " + (check.at + 2));
        }
        return check.repetitions;
    }

    /** Alternatives separated by '|'; true when one of them holds a counted repetition. */
    private boolean alternation() {
        boolean counted = sequence();
        while (at < body.length() && body.charAt(at) == '|') {
            at++;
            counted |= sequence();
        }
        return counted;
    }

    private boolean sequence() {
        boolean counted = false;
        while (at < body.length() && body.charAt(at) != '|' && body.charAt(at) != ')') {
            boolean atomCounted = atom();
            counted |= atomCounted | quantifier(atomCounted);
        }
        return counted;
    }

    /** One atom; true when it is a group holding a counted repetition. */
    private boolean atom() {
        char c = body.charAt(at);
        switch (c) {
            case '(' -> {
                at++;
                if (at < body.length() && body.charAt(at) == '?') {
                    throw refused(where, "pattern groups like (?...) are not supported");
                }
                if (at < body.length() && body.charAt(at) == ')') {
                    throw refused(where, "pattern has an empty group ()");
                }
                boolean counted = alternation();
                if (at >= body.length() || body.charAt(at) != ')') {
                    throw refused(where, "pattern has an unbalanced '('");
                }
                at++;
                return counted;
            }
            case '[' -> {
                int start = at++;
                while (at < body.length() && body.charAt(at) != ']') {
                    at += body.charAt(at) == '\\' ? 2 : 1;
                }
                if (at >= body.length()) {
                    throw refused(where, "pattern has an unbalanced '['");
                }
                if (at == start + 1) {
                    throw refused(where, "pattern has an empty class []");
                }
                at++;
                return false;
            }
            case '\\' -> {
                if (at + 1 >= body.length()) {
                    throw refused(where, "pattern ends with a lone '\\'");
                }
                at += 2;
                return false;
            }
            case '*', '+', '?', '{' -> throw refused(where, "pattern has '" + c + "' at position " + (at + 2)
                    + " with nothing before it to repeat");
            case ']', '}' -> throw refused(where, "pattern has an unescaped '" + c + "' at position " + (at + 2));
            case '^', '$' -> throw refused(where, "pattern may have '^' and '$' only at its ends");
            default -> {
                at++;
                return false;
            }
        }
    }

    /** An optional repetition after an atom; true when it is counted ({n,m}). */
    private boolean quantifier(boolean atomCounted) {
        if (at >= body.length()) {
            return false;
        }
        char c = body.charAt(at);
        boolean counted;
        if (c == '*' || c == '+' || c == '?') {
            at++;
            counted = false;
        } else if (c == '{') {
            if (atomCounted) {
                throw refused(where, "pattern nests a counted repetition {n} inside another one");
            }
            counts();
            counted = true;
        } else {
            return false;
        }
        if (at < body.length() && "*+?{".indexOf(body.charAt(at)) >= 0) {
            throw refused(where, "pattern repeats a repetition ('" + body.charAt(at) + "' at position " + (at + 2) + ")");
        }
        return counted;
    }

    private void counts() {
        int close = body.indexOf('}', at);
        if (close < 0) {
            throw refused(where, "pattern has an unbalanced '{'");
        }
        String inside = body.substring(at + 1, close);
        at = close + 1;
        if (!inside.matches("\\d*(,\\d*)?") || inside.replace(",", "").isEmpty()) {
            throw refused(where, "pattern repetition {" + Values.abbreviate(inside) + "} must be {n}, {n,}, {,m} or {n,m}");
        }
        int comma = inside.indexOf(',');
        long min = count(comma < 0 ? inside : inside.substring(0, comma));
        long max = comma < 0 ? min : count(inside.substring(comma + 1));
        if (comma >= 0 && !inside.substring(comma + 1).isEmpty() && max < min) {
            throw refused(where, "pattern repetition {" + inside + "} has its maximum below its minimum");
        }
        repetitions += Math.max(min, max);
    }

    private long count(String digits) {
        if (digits.isEmpty()) {
            return 0;
        }
        long value = digits.length() > 10 ? Long.MAX_VALUE : Long.parseLong(digits);
        if (value > limits.maxRepetition()) {
            throw JsonSchemaCheck.limit(where, "pattern repetition counts must be at most " + limits.maxRepetition()
                    + ", but was " + Values.abbreviate(digits));
        }
        return value;
    }

    private static ApiError refused(String where, String why) {
        return JsonSchemaCheck.unsupported(where, why);
    }
}
