package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Which fields of OpenAI's chat request this project honours: every other field is refused with 400
 * {@code unsupported_parameter} naming it, so a client that asked for tools or audio never gets a plain answer as if
 * it had not asked. The README's table lists each field and what happens to it.
 */
final class RequestFields {
    /** Read by {@link ChatRequestParser} and honoured end to end (by the hosts and by llama-server). */
    static final Set<String> HONOURED = Set.of("model", "messages", "stream", "stream_options", "max_tokens",
            "max_completion_tokens", "temperature", "top_p", "presence_penalty", "frequency_penalty", "seed", "stop",
            "n", "response_format", "logit_bias", "user", "logprobs", "top_logprobs", "tools", "tool_choice",
            "parallel_tool_calls",
            "ignore_eos", // ignore_eos: llama-server's extension, used by fixed-length benchmark runs
            ChatRequest.DRAFT_MAX_FIELD); // speculative.n_max: llama-server's per-request draft length (0 = off)
    /** Known OpenAI fields the gateway does not relay yet, with why (said in the 400). */
    static final Map<String, String> REFUSED = Map.ofEntries(
            Map.entry("functions", "function calls are not relayed by the cascade (deprecated by OpenAI: tools)"),
            Map.entry("function_call", "function calls are not relayed by the cascade (deprecated by OpenAI: tools)"),
            Map.entry("audio", "the models are text-only"),
            Map.entry("modalities", "the models are text-only"),
            Map.entry("prediction", "predicted outputs are not supported by llama.cpp"),
            Map.entry("web_search_options", "the models have no web search"),
            Map.entry("reasoning_effort", "the models are not reasoning models"),
            Map.entry("verbosity", "the models have no verbosity setting"),
            Map.entry("service_tier", "there is one service tier"),
            Map.entry("store", "answers are not stored"),
            Map.entry("metadata", "answers are not stored, so metadata has nowhere to go"),
            Map.entry("prompt_cache_key", "llama.cpp caches prompts per slot by itself"),
            Map.entry("safety_identifier", "no safety monitoring to pass it to"));
    static final int MAX_LOGIT_BIAS_ENTRIES = 300;
    static final double MAX_LOGIT_BIAS = 100;
    static final int MAX_USER_CHARS = 256;

    private RequestFields() {
    }

    /** 400 unsupported_parameter for the first field this project does not honour. */
    static void refuseUnsupported(JsonNode root) {
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            if (HONOURED.contains(field)) {
                continue;
            }
            String why = REFUSED.get(field);
            throw unsupported(field, field + " is not supported: " + (why != null ? why
                    : "it is not a chat completions parameter this gateway knows") + "; remove it from the request");
        }
    }

    static OutputOptions outputOptions(JsonNode root, SchemaLimits schemaLimits) {
        boolean logprobs = Values.bool(root, "logprobs", false);
        Integer top = Values.integer(root, "top_logprobs", 0, OutputOptions.MAX_TOP_LOGPROBS);
        if (top != null && !logprobs) {
            throw ApiError.invalidParam("top_logprobs", "invalid_value", "top_logprobs needs logprobs: true");
        }
        return new OutputOptions(responseFormat(root.get("response_format"), schemaLimits), logitBias(root.get("logit_bias")),
                user(root.get("user")), logprobs, top, tools(root));
    }

    /** Most tools one request may offer (OpenAI's own bound). */
    static final int MAX_TOOLS = 128;

    private static OutputOptions.ToolOptions tools(JsonNode root) {
        JsonNode tools = root.get("tools");
        JsonNode choice = root.get("tool_choice");
        JsonNode parallel = root.get("parallel_tool_calls");
        if ((tools == null || tools.isNull()) && (choice == null || choice.isNull()) && (parallel == null || parallel.isNull())) {
            return null;
        }
        if (tools != null && !tools.isNull()) {
            if (!tools.isArray() || tools.isEmpty() || tools.size() > MAX_TOOLS) {
                throw ApiError.invalidParam("tools", "invalid_value", "tools must be an array of 1 to " + MAX_TOOLS
                        + " function definitions");
            }
            for (int i = 0; i < tools.size(); i++) {
                JsonNode tool = tools.get(i);
                if (!"function".equals(tool.path("type").asText()) || !tool.path("function").path("name").isTextual()
                        || tool.path("function").path("name").asText().isEmpty()) {
                    throw ApiError.invalidParam("tools", "invalid_value",
                            "tools[" + i + "] must be {\"type\":\"function\",\"function\":{\"name\":…}}");
                }
                JsonNode parameters = tool.path("function").get("parameters");
                if (parameters != null && !parameters.isNull() && !parameters.isObject()) {
                    throw ApiError.invalidParam("tools", "invalid_value", "tools[" + i + "].function.parameters must be a JSON schema object");
                }
            }
        }
        if (choice != null && !choice.isNull()) {
            boolean named = choice.isObject() && "function".equals(choice.path("type").asText())
                    && choice.path("function").path("name").isTextual();
            boolean mode = choice.isTextual() && java.util.Set.of("none", "auto", "required").contains(choice.asText());
            if (!named && !mode) {
                throw ApiError.invalidParam("tool_choice", "invalid_value",
                        "tool_choice must be none, auto, required or {\"type\":\"function\",\"function\":{\"name\":…}}");
            }
        }
        if (parallel != null && !parallel.isNull() && !parallel.isBoolean()) {
            throw ApiError.invalidParam("parallel_tool_calls", "invalid_type", "parallel_tool_calls must be a boolean");
        }
        return new OutputOptions.ToolOptions(tools == null || tools.isNull() ? null : (com.fasterxml.jackson.databind.node.ArrayNode) tools,
                choice == null || choice.isNull() ? null : choice, parallel == null || parallel.isNull() ? null : parallel.asBoolean());
    }

    private static ObjectNode responseFormat(JsonNode node, SchemaLimits schemaLimits) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw ApiError.invalidParam("response_format", "invalid_type",
                    "response_format must be an object, but was " + Values.describe(node));
        }
        String type = node.path("type").asText("");
        if (type.equals("text")) {
            return null;
        }
        if (type.equals(OutputOptions.JSON_OBJECT)) {
            return OpenAiJson.MAPPER.createObjectNode().put("type", type);
        }
        if (!type.equals(OutputOptions.JSON_SCHEMA)) {
            throw ApiError.invalidParam("response_format", "invalid_value",
                    "response_format.type must be text, json_object or json_schema, but was " + Values.describe(node.path("type")));
        }
        JsonNode spec = node.get(OutputOptions.JSON_SCHEMA);
        if (spec == null || !spec.isObject() || !spec.path("schema").isObject()) {
            throw ApiError.invalidParam("response_format", "invalid_value",
                    "response_format.json_schema.schema must be a JSON schema object");
        }
        JsonSchemaCheck.check(spec.get("schema"), schemaLimits);
        ObjectNode format = OpenAiJson.MAPPER.createObjectNode().put("type", type);
        ObjectNode copy = format.putObject(OutputOptions.JSON_SCHEMA);
        copy.put("name", spec.path("name").asText("answer"));
        copy.set("schema", spec.get("schema").deepCopy());
        if (spec.has("strict")) {
            copy.put("strict", spec.path("strict").asBoolean());
        }
        return format;
    }

    private static Map<Integer, Double> logitBias(JsonNode node) {
        Map<Integer, Double> bias = new HashMap<>();
        if (node == null || node.isNull()) {
            return bias;
        }
        if (!node.isObject()) {
            throw ApiError.invalidParam("logit_bias", "invalid_type",
                    "logit_bias must be an object of token id → bias, but was " + Values.describe(node));
        }
        if (node.size() > MAX_LOGIT_BIAS_ENTRIES) {
            throw ApiError.invalidParam("logit_bias", "invalid_value",
                    "logit_bias accepts at most " + MAX_LOGIT_BIAS_ENTRIES + " tokens, but got " + node.size());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            int token;
            try {
                token = Integer.parseInt(entry.getKey());
            } catch (NumberFormatException e) {
                token = -1;
            }
            if (token < 0) {
                throw ApiError.invalidParam("logit_bias", "invalid_value",
                        "logit_bias keys must be token ids (non-negative integers), but had '" + Values.abbreviate(entry.getKey()) + "'");
            }
            JsonNode value = entry.getValue();
            if (!value.isNumber() || Math.abs(value.asDouble()) > MAX_LOGIT_BIAS) {
                throw ApiError.invalidParam("logit_bias", "invalid_value", "logit_bias values must be numbers between -100 "
                        + "and 100, but token " + token + " had " + Values.describe(value));
            }
            bias.put(token, value.asDouble());
        }
        return bias;
    }

    private static String user(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual() || node.asText().length() > MAX_USER_CHARS) {
            throw ApiError.invalidParam("user", "invalid_value",
                    "user must be a string of at most " + MAX_USER_CHARS + " characters, but was " + Values.describe(node));
        }
        return node.asText();
    }

    private static ApiError unsupported(String field, String message) {
        return ApiError.invalidParam(field, "unsupported_parameter", message);
    }
}
