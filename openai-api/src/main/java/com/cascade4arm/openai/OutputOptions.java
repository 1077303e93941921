package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.TreeMap;

/**
 * The chat fields that shape the output beyond sampling: a JSON answer ({@code response_format}), token biases
 * ({@code logit_bias}), the end user's id ({@code user}) and log-probabilities ({@code logprobs}, {@code top_logprobs}),
 * all passed on to the model servers.
 *
 * @param responseFormat {@code json_object} or {@code json_schema} as OpenAI shapes it; null for plain text
 * @param logitBias      token id → bias (-100..100) added to its logit
 * @param user           the caller's end-user id, forwarded (llama-server and the hosted API log or ignore it)
 * @param logprobs       the client asked for each token's log-probability (relayed where the engine reports them)
 * @param topLogprobs    how many most likely alternatives per token (0..20, with {@code logprobs}), or null
 */
public record OutputOptions(ObjectNode responseFormat, Map<Integer, Double> logitBias, String user, boolean logprobs,
                            Integer topLogprobs, ToolOptions tools) {
    public static final OutputOptions NONE = new OutputOptions(null, Map.of(), null);

    /**
     * {@code tools} (OpenAI's function definitions), {@code tool_choice} and {@code parallel_tool_calls}, relayed as
     * given to servers that can call tools (llama-server with {@code --jinja}).
     */
    public record ToolOptions(com.fasterxml.jackson.databind.node.ArrayNode tools,
                              com.fasterxml.jackson.databind.JsonNode toolChoice, Boolean parallelToolCalls) {
        void writeTo(ObjectNode body) {
            if (tools != null) {
                body.set("tools", tools.deepCopy());
            }
            if (toolChoice != null) {
                body.set("tool_choice", toolChoice.deepCopy());
            }
            if (parallelToolCalls != null) {
                body.put("parallel_tool_calls", parallelToolCalls);
            }
        }
    }

    /** With log-probabilities, without tools. */
    public OutputOptions(ObjectNode responseFormat, Map<Integer, Double> logitBias, String user, boolean logprobs,
                         Integer topLogprobs) {
        this(responseFormat, logitBias, user, logprobs, topLogprobs, null);
    }
    /** OpenAI's bound on {@code top_logprobs}. */
    public static final int MAX_TOP_LOGPROBS = 20;

    /** Without log-probabilities. */
    public OutputOptions(ObjectNode responseFormat, Map<Integer, Double> logitBias, String user) {
        this(responseFormat, logitBias, user, false, null);
    }
    public static final String JSON_OBJECT = "json_object";
    public static final String JSON_SCHEMA = "json_schema";

    public OutputOptions {
        logitBias = logitBias == null ? Map.of() : Map.copyOf(new TreeMap<>(logitBias));
        responseFormat = responseFormat == null ? null : responseFormat.deepCopy();
    }

    /** The JSON schema the answer must follow: json_schema's schema, {"type":"object"} for json_object, else null. */
    public String jsonSchema() {
        if (responseFormat == null) {
            return null;
        }
        if (JSON_SCHEMA.equals(responseFormat.path("type").asText())) {
            return responseFormat.path(JSON_SCHEMA).path("schema").toString();
        }
        return "{\"type\":\"object\"}";
    }

    /** The request offers tools or sets tool_choice. */
    public boolean usesTools() {
        return tools != null && (tools.tools() != null || tools.toolChoice() != null);
    }

    /** Adds the fields that were given to an OpenAI request body. */
    void writeTo(ObjectNode body) {
        if (responseFormat != null) {
            body.set("response_format", responseFormat.deepCopy());
        }
        if (!logitBias.isEmpty()) {
            ObjectNode bias = body.putObject("logit_bias");
            new TreeMap<>(logitBias).forEach((token, value) -> bias.put(String.valueOf(token), value));
        }
        if (user != null) {
            body.put("user", user);
        }
        if (logprobs) {
            body.put("logprobs", true);
        }
        if (topLogprobs != null) {
            body.put("top_logprobs", topLogprobs);
        }
        if (tools != null) {
            tools.writeTo(body);
        }
    }
}
