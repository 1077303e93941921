package com.cascade4arm.routes.serving.http;

import com.cascade4arm.openai.OpenAiJson;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Processor;
import org.apache.camel.component.jackson.JacksonDataFormat;

/** The gateway's one ObjectMapper (the API contract's), the camel-jackson data formats routes use, and a few conversions. */
public final class Json {
    public static final ObjectMapper MAPPER = OpenAiJson.MAPPER;

    private Json() {
    }

    /** camel-jackson reading a request body into a tree ({@code .unmarshal(Json.tree())}); typed parsers take it from there. */
    public static JacksonDataFormat tree() {
        JacksonDataFormat format = new JacksonDataFormat(MAPPER, com.fasterxml.jackson.databind.JsonNode.class);
        format.setUseDefaultObjectMapper(false);
        return format;
    }

    /** camel-jackson writing a route's answer ({@code .marshal(Json.answer())}): records, maps and trees alike. */
    public static JacksonDataFormat answer() {
        JacksonDataFormat format = new JacksonDataFormat(MAPPER, Object.class);
        format.setUseDefaultObjectMapper(false);
        format.setContentTypeHeader(true);
        return format;
    }

    /** A route step for bodies that may be empty (defaults apply): an empty body becomes JSON null before unmarshal. */
    public static Processor emptyBodyIsNull() {
        return exchange -> {
            String body = exchange.getMessage().getBody(String.class);
            if (body == null || body.isBlank()) {
                exchange.getMessage().setBody("null");
            }
        };
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
}
