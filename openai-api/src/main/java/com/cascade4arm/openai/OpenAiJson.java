package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.ObjectMapper;

/** The contract's one ObjectMapper (thread-safe once configured; configured never). */
public final class OpenAiJson {
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private OpenAiJson() {
    }
}
