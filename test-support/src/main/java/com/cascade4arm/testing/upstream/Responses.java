package com.cascade4arm.testing.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writes whole (non-streamed) responses with a Content-Length, so connections stay alive. */
final class Responses {

    private Responses() {
    }

    static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        send(exchange, status, "application/json", body.toString());
    }

    static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
