package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.Scan.anyKeyword;
import static com.cascade4arm.rules.facts.Scan.charAt;
import static com.cascade4arm.rules.facts.Scan.digits;
import static com.cascade4arm.rules.facts.Scan.isDigit;
import static com.cascade4arm.rules.facts.Scan.isWord;
import static com.cascade4arm.rules.facts.Scan.trimEnd;
import static com.cascade4arm.rules.facts.Scan.word;

import java.util.List;

/** Stack traces: Java/JavaScript frames, Python traceback lines, Go goroutine dumps, Rust panics. Linear scanners. */
final class StackTraces {

    private static final List<String> TRACE_HEADERS = List.of(
            "Traceback (most recent call last)", "Exception in thread \"", "panicked at");
    /** Java frame locations that are not file:line. */
    private static final List<String> FRAME_SOURCES = List.of("Native Method)", "Unknown Source)");

    private StackTraces() {
    }

    static boolean hasStackTrace(String text) {
        for (String header : TRACE_HEADERS) {
            if (text.contains(header)) {
                return true;
            }
        }
        return goroutine(text) || hasFrameLine(text);
    }

    /** {@code \bgoroutine \d+ \[\w+\]:}. */
    static boolean goroutine(String t) {
        return anyKeyword(t, "goroutine ", end -> {
            int number = digits(t, end);
            int state = number + 2;
            int stateEnd = word(t, state);
            return number > end && charAt(t, number, ' ') && charAt(t, number + 1, '[') && stateEnd > state
                    && charAt(t, stateEnd, ']') && charAt(t, stateEnd + 1, ':');
        });
    }

    /** A line that is a frame (see {@link #isFrame}); only lines starting, after indentation, with "at " or "File \"". */
    static boolean hasFrameLine(String text) {
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
            if (isFrame(text, first, trimEnd(text, first, end))) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    /**
     * The whole line [first, end) is {@code at [\w$.<>/]+\((?:[\w$-]+\.\w+:\d+|Native Method|Unknown Source)\)}
     * (Java), {@code at .+:\d+:\d+\)?} (JavaScript) or {@code File "[^"]+", line \d+.*} (Python).
     */
    static boolean isFrame(String t, int first, int end) {
        if (t.startsWith("File \"", first)) {
            int quote = t.indexOf('"', first + 6);
            return quote > first + 6 && quote < end && t.startsWith("\", line ", quote)
                    && quote + 8 < end && isDigit(t.charAt(quote + 8));
        }
        return t.startsWith("at ", first) && (javaFrame(t, first + 3, end) || javaScriptFrame(t, first + 3, end));
    }

    private static boolean javaFrame(String t, int method, int end) {
        int methodEnd = method;
        while (methodEnd < end && (isWord(t.charAt(methodEnd)) || "$.<>/".indexOf(t.charAt(methodEnd)) >= 0)) {
            methodEnd++;
        }
        if (methodEnd == method || !charAt(t, methodEnd, '(')) {
            return false;
        }
        int source = methodEnd + 1;
        for (String special : FRAME_SOURCES) {
            if (t.startsWith(special, source) && source + special.length() == end) {
                return true;
            }
        }
        int fileEnd = source;
        while (fileEnd < end && (isWord(t.charAt(fileEnd)) || t.charAt(fileEnd) == '$' || t.charAt(fileEnd) == '-')) {
            fileEnd++;
        }
        int extensionEnd = word(t, fileEnd + 1);
        int lineEnd = digits(t, extensionEnd + 1);
        return fileEnd > source && charAt(t, fileEnd, '.') && extensionEnd > fileEnd + 1
                && charAt(t, extensionEnd, ':') && lineEnd > extensionEnd + 1 && charAt(t, lineEnd, ')') && lineEnd + 1 == end;
    }

    /** {@code .+:\d+:\d+\)?} to the end of the line, read backwards. */
    private static boolean javaScriptFrame(String t, int location, int end) {
        int i = charAt(t, end - 1, ')') ? end - 1 : end;
        int column = i;
        while (column > location && isDigit(t.charAt(column - 1))) {
            column--;
        }
        if (column == i || !charAt(t, column - 1, ':')) {
            return false;
        }
        int line = column - 1;
        while (line > location && isDigit(t.charAt(line - 1))) {
            line--;
        }
        return line < column - 1 && charAt(t, line - 1, ':') && line - 1 > location;
    }
}
