package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;

/**
 * Reads a streamed chunk token by token, without building a tree, to tell an ordinary one — a first choice with a
 * delta and no finish reason, and no error, usage, timings or log-probabilities — from one the relay must look into.
 * Most chunks of an answer are ordinary and are relayed as they came; the rest (and anything malformed) go through
 * the tree, as before. Linear in the chunk's length.
 */
final class PlainChunk {
    /** Not ordinary: read it as a tree. */
    static final int NOT_PLAIN = -1;
    /** Ordinary, its delta carries no text (a role, an empty string). */
    static final int NO_CONTENT = 0;
    /** Ordinary, its delta carries text. */
    static final int CONTENT = 1;

    private static final JsonFactory FACTORY = Json.MAPPER.getFactory();

    private PlainChunk() {
    }

    /** @param readsLogprobs a trial's gate reads them: a chunk that has any is not ordinary */
    static int scan(String data, boolean readsLogprobs) {
        try (JsonParser parser = FACTORY.createParser(data)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return NOT_PLAIN;
            }
            int result = NOT_PLAIN;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "error", "usage", "timings" -> {
                        return NOT_PLAIN;
                    }
                    case "choices" -> {
                        if (result != NOT_PLAIN) {
                            return NOT_PLAIN; // a repeated key: the tree reads the last one
                        }
                        result = firstChoice(parser, value, readsLogprobs);
                        if (result == NOT_PLAIN) {
                            return NOT_PLAIN;
                        }
                    }
                    default -> parser.skipChildren();
                }
            }
            return parser.currentToken() == JsonToken.END_OBJECT ? result : NOT_PLAIN;
        } catch (IOException | RuntimeException e) {
            return NOT_PLAIN; // the tree reports what is wrong with it
        }
    }

    /** The choices array: its first element read, the others skipped (the relay only reads the first). */
    private static int firstChoice(JsonParser parser, JsonToken array, boolean readsLogprobs) throws IOException {
        if (array != JsonToken.START_ARRAY || parser.nextToken() != JsonToken.START_OBJECT) {
            return NOT_PLAIN;
        }
        int result = NOT_PLAIN;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "finish_reason" -> {
                    if (value != JsonToken.VALUE_NULL) {
                        return NOT_PLAIN; // the finish chunk is held back
                    }
                }
                case "logprobs" -> {
                    if (readsLogprobs) {
                        return NOT_PLAIN;
                    }
                    parser.skipChildren();
                }
                case "delta" -> {
                    if (value != JsonToken.START_OBJECT || result != NOT_PLAIN) {
                        return NOT_PLAIN;
                    }
                    result = delta(parser);
                    if (result == NOT_PLAIN) {
                        return NOT_PLAIN;
                    }
                }
                default -> parser.skipChildren();
            }
        }
        for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
            if (next == null) {
                return NOT_PLAIN;
            }
            parser.skipChildren();
        }
        return result;
    }

    private static int delta(JsonParser parser) throws IOException {
        boolean content = false;
        boolean seen = false;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            if (field.equals("content")) {
                if (seen || (value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NULL)) {
                    return NOT_PLAIN;
                }
                seen = true;
                content = value == JsonToken.VALUE_STRING && parser.getTextLength() > 0;
            } else {
                parser.skipChildren();
            }
        }
        return content ? CONTENT : NO_CONTENT;
    }
}
