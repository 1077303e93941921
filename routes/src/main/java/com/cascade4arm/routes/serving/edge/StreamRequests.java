package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;

/**
 * Tells, before any route runs, whether a request will be answered with an SSE stream — a path ending in
 * {@code /stream}, or a JSON body whose top-level {@code "stream"} is true — so the stream cap applies before a
 * worker and an upstream slot are taken. Scans top-level fields only (nested values are skipped unparsed); anything
 * unreadable is "not a stream" and left to the route's own validation.
 */
final class StreamRequests {
    static final String STREAM_PATH_SUFFIX = "/stream";

    private StreamRequests() {
    }

    static boolean isStream(String path, byte[] body) {
        if (path != null && path.endsWith(STREAM_PATH_SUFFIX)) {
            return true;
        }
        if (body == null || body.length == 0) {
            return false;
        }
        try (JsonParser parser = Json.MAPPER.getFactory().createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            boolean stream = false; // the last "stream" wins, as in the parsed tree the route sees
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("stream".equals(name)) {
                    stream = value == JsonToken.VALUE_TRUE;
                }
                parser.skipChildren();
            }
            return stream;
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
    }
}
