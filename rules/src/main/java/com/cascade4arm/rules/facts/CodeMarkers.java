package com.cascade4arm.rules.facts;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Finds syntax that only code has (fences, operators, stack traces, SQL, error type names; keywords are in
 * {@link CodeKeywords}). Each regex runs only when a cheap literal search finds its trigger: regex search costs tens of
 * nanoseconds per character, {@code String.contains} far less.
 */
final class CodeMarkers {

    /** Lines of Java/JavaScript stack frames and Python traceback locations, checked line by line. */
    private static final Pattern FRAME_LINE = Pattern.compile(
            "\\s*(?:at [\\w$.<>/]+\\((?:[\\w$-]+\\.\\w+:\\d+|Native Method|Unknown Source)\\)"
                    + "|at .+:\\d+:\\d+\\)?|File \"[^\"]+\", line \\d+.*)\\s*");
    private static final List<String> TRACE_HEADERS = List.of(
            "Traceback (most recent call last)", "Exception in thread \"", "panicked at");
    private static final Pattern GOROUTINE = Pattern.compile("\\bgoroutine \\d+ \\[\\w+\\]:");

    /** Upper-case SQL is unambiguous; lower-case SQL needs more structure, so "select a gift from the shop" does not count. */
    private static final Pattern SQL_UPPER = Pattern.compile(
            "\\bSELECT\\b[\\s\\S]{1,300}?\\bFROM\\b|\\b(?:INNER|LEFT|RIGHT|FULL|OUTER)\\s+JOIN\\b");
    private static final Pattern SQL_LOWER = Pattern.compile(
            "\\bselect\\s+(?:\\*|distinct\\b|count\\s*\\(|[\\w.]+\\s*,)[\\s\\S]{0,300}?\\bfrom\\s+\\w+"
                    + "|\\binsert\\s+into\\s+\\w+\\s*[(]|\\binsert\\s+into\\s+\\w+\\s+values\\b"
                    + "|\\bupdate\\s+\\w+\\s+set\\s+\\w+\\s*="
                    + "|\\bdelete\\s+from\\s+\\w+\\s+where\\b"
                    + "|\\bcreate\\s+(?:table|index|view|unique\\s+index)\\s+\\w+");
    private static final List<String> SQL_LOWER_TRIGGERS = List.of("select ", "insert ", "update ", "delete ", "create ");

    /** A named exception or error type such as NullPointerException or TypeError (bare "Error" does not count). */
    private static final Pattern NAMED_ERROR = Pattern.compile("\\b[A-Z][A-Za-z0-9]*(?:Exception|Error)\\b");

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
        for (String header : TRACE_HEADERS) {
            if (text.contains(header)) {
                return true;
            }
        }
        if (text.contains("goroutine ") && GOROUTINE.matcher(text).find()) {
            return true;
        }
        return hasFrameLine(text);
    }

    /** Only lines that start (after indentation) with "at " or "File \"" are matched against {@link #FRAME_LINE}. */
    private static boolean hasFrameLine(String text) {
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                end = text.length();
            }
            int first = start;
            while (first < end && (text.charAt(first) == ' ' || text.charAt(first) == '\t')) {
                first++;
            }
            if ((text.startsWith("at ", first) || text.startsWith("File \"", first))
                    && FRAME_LINE.matcher(text.substring(start, end)).matches()) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    /** @param lowerText the text in lower case, for the case-insensitive forms */
    static boolean hasSql(String text, String lowerText) {
        if ((text.contains("SELECT") || text.contains("JOIN")) && SQL_UPPER.matcher(text).find()) {
            return true;
        }
        for (String trigger : SQL_LOWER_TRIGGERS) {
            if (lowerText.contains(trigger)) {
                return SQL_LOWER.matcher(lowerText).find();
            }
        }
        return false;
    }

    static boolean hasNamedError(String text) {
        return (text.contains("Exception") || text.contains("Error")) && NAMED_ERROR.matcher(text).find();
    }

    /** The history test: does an earlier message look like code? Same markers as the rules use for the routed message. */
    static boolean looksLikeCode(String text) {
        if (hasFence(text) || hasStackTrace(text) || hasSql(text, text.toLowerCase(Locale.ROOT))) {
            return true;
        }
        int keywordCount = CodeKeywords.find(text).size();
        return keywordCount >= 2 || (keywordCount == 1 && symbolCount(text) >= 2);
    }
}
