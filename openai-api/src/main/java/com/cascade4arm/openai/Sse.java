package com.cascade4arm.openai;

/**
 * The server-sent-events framing of OpenAI streams as we write them: each event is one {@code data:} line and a blank
 * line, the stream ends with {@code data: [DONE]}. Reading is {@link SseDecoder}'s.
 */
public final class Sse {
    public static final String DONE = "[DONE]";
    public static final String DONE_EVENT = "data: [DONE]\n\n";

    private Sse() {
    }

    /** One event carrying {@code data}. */
    public static String event(String data) {
        return "data: " + data + "\n\n";
    }
}
