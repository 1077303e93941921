package com.cascade4arm.standins.upstream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Builds the llama-server-shaped JSON the responder sends: chunks, usage, timings, full completions, errors. */
final class CompletionBodies {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private final String id;
    private final String model;
    private final long created = System.currentTimeMillis() / 1000;

    CompletionBodies(String id, String model) {
        this.id = id;
        this.model = model;
    }

    ObjectNode roleChunk() {
        ObjectNode chunk = chunk();
        ObjectNode delta = chunk.putArray("choices").addObject().put("index", 0).putNull("finish_reason")
                .putObject("delta");
        delta.put("role", "assistant").putNull("content");
        return chunk;
    }

    ObjectNode contentChunk(String content) {
        ObjectNode chunk = chunk();
        chunk.putArray("choices").addObject().put("index", 0).putNull("finish_reason")
                .putObject("delta").put("content", content);
        return chunk;
    }

    ObjectNode finishChunk(String finishReason) {
        ObjectNode chunk = chunk();
        chunk.putArray("choices").addObject().put("index", 0).put("finish_reason", finishReason).putObject("delta");
        return chunk;
    }

    ObjectNode usageChunk(int promptTokens, int completionTokens) {
        ObjectNode chunk = chunk();
        chunk.putArray("choices");
        usage(chunk, promptTokens, completionTokens);
        return chunk;
    }

    ObjectNode completion(String content, String finishReason, int promptTokens, int completionTokens) {
        ObjectNode body = MAPPER.createObjectNode().put("id", id).put("object", "chat.completion")
                .put("created", created).put("model", model);
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0).put("finish_reason", finishReason);
        choice.putObject("message").put("role", "assistant").put("content", content);
        usage(body, promptTokens, completionTokens);
        return body;
    }

    /** With {@code draftCounts}, as llama-server with a draft model: every token drafted, all but one accepted. */
    static void timings(ObjectNode body, int promptTokens, int completionTokens, double elapsedMs, boolean draftCounts) {
        double predictedMs = Math.max(elapsedMs, 0.001);
        ObjectNode timings = body.putObject("timings").put("prompt_n", promptTokens).put("prompt_ms", 0.0)
                .put("predicted_n", completionTokens).put("predicted_ms", predictedMs)
                .put("predicted_per_second", completionTokens * 1000.0 / predictedMs);
        if (draftCounts) {
            timings.put("draft_n", completionTokens).put("draft_n_accepted", Math.max(0, completionTokens - 1));
        }
    }

    static void cascade(ObjectNode body, String route) {
        body.putObject("cascade").put("route", route).put("rule", ruleFor(route)).put("reason", "instant responder")
                .put("rules_version", "instant-1");
    }

    static String ruleFor(String route) {
        return "instant-" + route;
    }

    static ObjectNode error(String message, String type, int code) {
        ObjectNode body = MAPPER.createObjectNode();
        body.putObject("error").put("message", message).put("type", type).put("code", code);
        return body;
    }

    private static void usage(ObjectNode body, int promptTokens, int completionTokens) {
        body.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                .put("total_tokens", promptTokens + completionTokens);
    }

    private ObjectNode chunk() {
        return MAPPER.createObjectNode().put("id", id).put("object", "chat.completion.chunk").put("created", created)
                .put("model", model);
    }
}
