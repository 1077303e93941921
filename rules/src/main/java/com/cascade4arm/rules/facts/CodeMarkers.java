package com.cascade4arm.rules.facts;

/**
 * Finds syntax that only code has (fences, operators, stack traces, SQL, error type names; keywords are in
 * {@link CodeKeywords}). Hand-written scanners, each linear in the text with constant stack (see {@link Scan}); the
 * literal checks that gate them ({@code String.contains}) cost far less than any pattern engine per character.
 */
final class CodeMarkers {

    private static final String[] ERROR_SUFFIXES = {"Exception", "Error"};
    /** The characters {@link #symbolCount} counts or that start an operator it counts. */
    private static final boolean[] SYMBOL_STARTS = new boolean[128];

    static {
        for (char c : "{};=!-:&|+</".toCharArray()) {
            SYMBOL_STARTS[c] = true;
        }
    }

    private CodeMarkers() {
    }

    static boolean hasFence(String text) {
        return text.contains("```") || text.contains("~~~");
    }

    /** Counts braces, semicolons and the operators => == != -> :: &amp;&amp; || += -= ++ &lt;/ /&gt;; prose rarely has more than one. */
    static int symbolCount(String text) {
        int count = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= SYMBOL_STARTS.length || !SYMBOL_STARTS[c]) {
                continue; // letters, digits, spaces, most punctuation: one table look-up
            }
            if (c == '{' || c == '}' || c == ';') {
                count++;
            } else if (i + 1 < text.length() && isOperator(c, text.charAt(i + 1))) {
                count++;
                i++;
            }
        }
        return count;
    }

    private static boolean isOperator(char first, char second) {
        return switch (first) {
            case '=' -> second == '>' || second == '=';
            case '!' -> second == '=';
            case '-' -> second == '>' || second == '=';
            case ':' -> second == ':';
            case '&' -> second == '&';
            case '|' -> second == '|';
            case '+' -> second == '=' || second == '+';
            case '<' -> second == '/';
            case '/' -> second == '>';
            default -> false;
        };
    }

    static boolean hasStackTrace(String text) {
        return StackTraces.hasStackTrace(text);
    }

    /** @param lowerText the text in lower case, for the case-insensitive forms */
    static boolean hasSql(String text, String lowerText) {
        return SqlSyntax.hasSql(text, lowerText);
    }

    /**
     * {@code \b[A-Z][A-Za-z0-9]*(?:Exception|Error)\b}: an exception or error type name such as NullPointerException or
     * TypeError (bare "Error" does not count). Each run of ASCII letters and digits is looked at once.
     */
    static boolean hasNamedError(String text) {
        if (!text.contains("Exception") && !text.contains("Error")) {
            return false;
        }
        int i = 0;
        while (i < text.length()) {
            if (!isAsciiAlphanumeric(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && isAsciiAlphanumeric(text.charAt(i))) {
                i++;
            }
            if (isErrorName(text, start, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isErrorName(String text, int start, int end) {
        char first = text.charAt(start);
        if (first < 'A' || first > 'Z' || !Scan.boundaryBefore(text, start) || !Scan.boundaryAfter(text, end)) {
            return false;
        }
        for (String suffix : ERROR_SUFFIXES) {
            if (end - start > suffix.length() && text.startsWith(suffix, end - suffix.length())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isAsciiAlphanumeric(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    /** The history test: does an earlier message look like code? Same markers as the rules use for the routed message. */
    static boolean looksLikeCode(String text) {
        if (hasFence(text) || hasStackTrace(text) || hasSql(text, Scan.lowerCase(text))) {
            return true;
        }
        int keywordCount = CodeKeywords.find(text).size();
        return keywordCount >= 2 || (keywordCount == 1 && symbolCount(text) >= 2);
    }
}
