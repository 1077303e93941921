package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.http.ClientChannel;
import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Streams a compare as SSE on one client connection. Three systems write from different threads, so every event is
 * written whole under one lock (never interleaved mid-event) and nothing is written after the final [DONE].
 */
final class SseCompareEvents implements CompareEvents {
    private final ClientChannel http;
    private boolean closed;

    SseCompareEvents(ClientChannel http) {
        this.http = http;
    }

    @Override
    public void delta(SystemName system, String content) {
        ObjectNode event = Json.object().put("system", system.id()).put("delta", content);
        write(event);
    }

    @Override
    public void routed(SystemName system, String route, String rule) {
        ObjectNode event = Json.object().put("system", system.id());
        event.putObject("routed").put("route", route).put("rule", rule);
        write(event);
    }

    @Override
    public void retrying(SystemName system, int attempt, long waitMs, String reason) {
        write(Json.object().put("system", system.id()).put("status", "retrying").put("attempt", attempt)
                .put("retry_in_ms", waitMs).put("reason", reason));
    }

    @Override
    public void result(SystemName system, SystemResult result) {
        ObjectNode event = Json.object().put("system", system.id());
        event.set("result", result.toJson());
        write(event);
    }

    /** Writes the aggregate and [DONE]; later events are dropped. */
    synchronized void finish(ObjectNode aggregate) {
        if (closed) {
            return;
        }
        ObjectNode event = Json.object();
        event.set("aggregate", aggregate);
        http.writeSseEvent(Json.string(event));
        http.endSse();
        closed = true;
    }

    private synchronized void write(ObjectNode event) {
        if (!closed) {
            http.writeSseEvent(Json.string(event));
        }
    }
}
