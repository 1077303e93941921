package com.cascade4arm.standins.hosted;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The JSON OpenRouter sends, in the shapes the stand-in imitates: chunks, usage with reasoning tokens, errors. */
final class OpenRouterBodies {
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final String PROVIDER = "StandIn";

    private final String id;
    private final String model;
    private final long created = System.currentTimeMillis() / 1000;

    OpenRouterBodies(String id, String model) {
        this.id = id;
        this.model = model;
    }

    ObjectNode roleChunk() {
        ObjectNode chunk = chunk();
        chunk.putArray("choices").addObject().put("index", 0).putNull("finish_reason")
                .putObject("delta").put("role", "assistant").put("content", "");
        return chunk;
    }

    ObjectNode contentChunk(String content) {
        ObjectNode chunk = chunk();
        chunk.putArray("choices").addObject().put("index", 0).putNull("finish_reason")
                .putObject("delta").put("role", "assistant").put("content", content);
        return chunk;
    }

    /** OpenRouter's normalized reasoning delta: {@code delta.reasoning} with empty content. */
    ObjectNode reasoningChunk(String reasoning) {
        ObjectNode chunk = chunk();
        chunk.putArray("choices").addObject().put("index", 0).putNull("finish_reason")
                .putObject("delta").put("role", "assistant").put("content", "").put("reasoning", reasoning);
        return chunk;
    }

    ObjectNode finishChunk() {
        ObjectNode chunk = chunk();
        chunk.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop")
                .put("native_finish_reason", "stop").putObject("delta").put("role", "assistant").put("content", "");
        return chunk;
    }

    ObjectNode usageChunk(int promptTokens, int contentTokens, int reasoningTokens) {
        ObjectNode chunk = chunk();
        chunk.putArray("choices");
        usage(chunk, promptTokens, contentTokens, reasoningTokens);
        return chunk;
    }

    /** The mid-stream error event: an {@code error} object plus a choice finishing with reason "error". */
    ObjectNode errorChunk(String message) {
        ObjectNode chunk = chunk();
        chunk.putObject("error").put("code", "server_error").put("message", message);
        chunk.putArray("choices").addObject().put("index", 0).put("finish_reason", "error")
                .putObject("delta").put("content", "");
        return chunk;
    }

    ObjectNode completion(String content, String reasoning, int promptTokens, int contentTokens, int reasoningTokens) {
        ObjectNode body = MAPPER.createObjectNode().put("id", id).put("provider", PROVIDER).put("model", model)
                .put("object", "chat.completion").put("created", created);
        ObjectNode message = body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop")
                .put("native_finish_reason", "stop").putObject("message").put("role", "assistant").put("content", content);
        if (!reasoning.isEmpty()) {
            message.put("reasoning", reasoning);
        }
        usage(body, promptTokens, contentTokens, reasoningTokens);
        return body;
    }

    /** {"error":{"code":…,"message":…}} — OpenRouter's error body, also used for errors sent with HTTP 200. */
    static ObjectNode error(int code, String message) {
        ObjectNode body = MAPPER.createObjectNode();
        body.putObject("error").put("code", code).put("message", message);
        return body;
    }

    /** OpenRouter's 429 body: the rate-limit headers repeated in {@code error.metadata.headers}. */
    static ObjectNode rateLimitError(Long resetEpochMs) {
        ObjectNode body = error(429, "Rate limit exceeded: free-models-per-min.");
        ObjectNode headers = ((ObjectNode) body.get("error")).putObject("metadata").putObject("headers");
        headers.put("X-RateLimit-Limit", "20").put("X-RateLimit-Remaining", "0");
        if (resetEpochMs != null) {
            headers.put("X-RateLimit-Reset", String.valueOf(resetEpochMs));
        }
        return body;
    }

    private static void usage(ObjectNode body, int promptTokens, int contentTokens, int reasoningTokens) {
        int completion = contentTokens + reasoningTokens; // OpenRouter counts reasoning inside completion_tokens
        ObjectNode usage = body.putObject("usage").put("prompt_tokens", promptTokens)
                .put("completion_tokens", completion).put("total_tokens", promptTokens + completion);
        usage.putObject("prompt_tokens_details").put("cached_tokens", 0);
        usage.putObject("completion_tokens_details").put("reasoning_tokens", reasoningTokens);
    }

    private ObjectNode chunk() {
        return MAPPER.createObjectNode().put("id", id).put("provider", PROVIDER).put("model", model)
                .put("object", "chat.completion.chunk").put("created", created);
    }
}
