package com.cascade4arm.routes.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;

/** The gateway's one shared ObjectMapper and the few conversions routes need. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + value.getClass().getSimpleName(), e);
        }
    }

    public static String string(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + value.getClass().getSimpleName(), e);
        }
    }

    /** Parses a client body; malformed JSON becomes a 400 that says where. */
    public static JsonNode parseClientBody(byte[] body) {
        if (body == null || body.length == 0) {
            throw ApiException.badRequest("empty_body", "request body is empty; expected a JSON object");
        }
        try {
            return MAPPER.readTree(body);
        } catch (IOException e) {
            String where = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe && jpe.getLocation() != null
                    ? " at line " + jpe.getLocation().getLineNr() + ", column " + jpe.getLocation().getColumnNr() : "";
            throw ApiException.badRequest("invalid_json", "request body is not valid JSON" + where);
        }
    }
}
