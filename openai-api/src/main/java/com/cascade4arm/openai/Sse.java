package com.cascade4arm.openai;

/**
 * The server-sent-events framing of OpenAI streams: each event is one {@code data:} line and a blank line, the stream
 * ends with {@code data: [DONE]}; comment lines ({@code : keep-alive}) and other fields carry nothing we use.
 */
public final class Sse {
    public static final String DONE = "[DONE]";
    public static final String DONE_EVENT = "data: [DONE]\n\n";
    private static final String DATA = "data:";

    private Sse() {
    }

    /** One event carrying {@code data}. */
    public static String event(String data) {
        return "data: " + data + "\n\n";
    }

    /** The payload of one line of a stream, or null when the line carries none (blank, comment, other field). */
    public static String data(String line) {
        if (!line.startsWith(DATA)) {
            return null;
        }
        String data = line.substring(DATA.length()).strip();
        return data.isEmpty() ? null : data;
    }
}
