package com.cascade4arm.openai;

/**
 * Client-controlled text (paths, field names, error messages that quote the request, upstream answers) made safe for
 * a log line: CR, LF and every other control character are written as escapes ({@code \r}, {@code \n},
 * {@code \u001b}), so a client cannot start a forged log line or send terminal escapes to whoever tails the log;
 * long text is cut so one request cannot flood the log.
 */
public final class LogText {
    /** Longest text kept, characters; the rest is replaced by "...". */
    public static final int MAX_CHARS = 500;

    private LogText() {
    }

    /** {@code text} with control characters escaped and cut to {@link #MAX_CHARS}; "null" for null. */
    public static String safe(Object text) {
        String value = String.valueOf(text);
        StringBuilder out = null;
        int end = Math.min(value.length(), MAX_CHARS);
        for (int i = 0; i < end; i++) {
            char c = value.charAt(i);
            String escape = escape(c);
            if (escape != null && out == null) {
                out = new StringBuilder(end + 16).append(value, 0, i);
            }
            if (out != null) {
                if (escape != null) {
                    out.append(escape);
                } else {
                    out.append(c);
                }
            }
        }
        String result = out == null ? value.substring(0, end) : out.toString();
        return value.length() > MAX_CHARS ? result + "..." : result;
    }

    private static String escape(char c) {
        return switch (c) {
            case '\r' -> "\\r";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            default -> c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == '\u2028' || c == '\u2029'
                    ? String.format("\\u%04x", (int) c) : null;
        };
    }
}
