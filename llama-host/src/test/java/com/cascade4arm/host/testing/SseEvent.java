package com.cascade4arm.host.testing;

import io.vertx.core.json.JsonObject;

/** One server-sent {@code data:} event and when the client read it. */
public record SseEvent(String data, long receivedNanos) {

    public boolean isDone() {
        return data.equals("[DONE]");
    }

    public JsonObject json() {
        return new JsonObject(data);
    }

    /** The delta's content, or null when this chunk carries none. */
    public String content() {
        if (isDone()) {
            return null;
        }
        var choices = json().getJsonArray("choices");
        if (choices == null || choices.isEmpty()) {
            return null;
        }
        JsonObject delta = choices.getJsonObject(0).getJsonObject("delta");
        return delta == null ? null : delta.getString("content");
    }

    public boolean hasContent() {
        String content = content();
        return content != null && !content.isEmpty();
    }
}
