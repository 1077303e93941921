package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * A validated chat completion request: only the fields this project understands, so a client cannot smuggle
 * parameters to the model servers ({@link #toJson()} writes exactly these).
 *
 * @param model              the model asked for (the parser's default when absent)
 * @param maxTokens          tokens to generate at most: the client's value, else the parser's default (null: none)
 * @param requestedMaxTokens what the client sent as max_tokens / max_completion_tokens (null when absent)
 * @param temperature        sampling temperature, null when absent (the server's default applies)
 * @param seed               sampling seed, null for a random one
 * @param stop               extra stop strings (may be empty)
 * @param ignoreEos          keep generating past end-of-generation tokens up to max_tokens (llama-server's
 *                           {@code ignore_eos}; fixed-length benchmark runs), false when absent
 * @param output             JSON answers, token biases and the end user's id ({@link OutputOptions#NONE} for none)
 * @param draftMax           llama-server's per-request {@code speculative.n_max}: at most this many drafted tokens
 *                           per step, 0 = the speculative draft off for this request; null = the server's setting
 */
public record ChatRequest(String model, List<ChatMessage> messages, boolean stream, boolean includeUsage,
                          Integer maxTokens, Integer requestedMaxTokens, Double temperature, Double topP,
                          Double presencePenalty, Double frequencyPenalty, Integer seed, List<String> stop,
                          boolean ignoreEos, OutputOptions output, Integer draftMax) {
    /** llama-server's request field for the draft length of one request (a flat key with a dot, as it reads it). */
    public static final String DRAFT_MAX_FIELD = "speculative.n_max";
    /** The largest per-request draft length accepted (llama.cpp's own --draft-max limit is far lower in practice). */
    public static final int MAX_DRAFT_TOKENS = 64;

    /** Without a per-request draft setting (the server's own applies). */
    public ChatRequest(String model, List<ChatMessage> messages, boolean stream, boolean includeUsage,
                       Integer maxTokens, Integer requestedMaxTokens, Double temperature, Double topP,
                       Double presencePenalty, Double frequencyPenalty, Integer seed, List<String> stop,
                       boolean ignoreEos, OutputOptions output) {
        this(model, messages, stream, includeUsage, maxTokens, requestedMaxTokens, temperature, topP, presencePenalty,
                frequencyPenalty, seed, stop, ignoreEos, output, null);
    }

    public ChatRequest {
        messages = List.copyOf(messages);
        stop = stop == null ? List.of() : List.copyOf(stop);
        output = output == null ? OutputOptions.NONE : output;
    }

    /** One user prompt, e.g. for a benchmark or a compare leg. */
    public static ChatRequest userPrompt(String model, String prompt, int maxTokens, boolean stream) {
        return new ChatRequest(model, List.of(ChatMessage.user(prompt)), stream, stream, maxTokens, maxTokens, null,
                null, null, null, null, List.of(), false, OutputOptions.NONE);
    }

    /** A copy with the benchmark's sampling and length controls (null sampling values leave the server's default). */
    public ChatRequest withSampling(Double newTemperature, Double newTopP, Integer newSeed, boolean newIgnoreEos) {
        return new ChatRequest(model, messages, stream, includeUsage, maxTokens, requestedMaxTokens, newTemperature,
                newTopP, presencePenalty, frequencyPenalty, newSeed, stop, newIgnoreEos, output, draftMax);
    }

    /** A copy with another per-request draft length (0 = draft off; null = the server's setting). */
    public ChatRequest withDraftMax(Integer newDraftMax) {
        return new ChatRequest(model, messages, stream, includeUsage, maxTokens, requestedMaxTokens, temperature, topP,
                presencePenalty, frequencyPenalty, seed, stop, ignoreEos, output, newDraftMax);
    }

    /** Characters of all message contents together. */
    public int promptChars() {
        int chars = 0;
        for (ChatMessage message : messages) {
            chars += message.content().length();
        }
        return chars;
    }

    public float temperatureOr(float fallback) {
        return temperature == null ? fallback : temperature.floatValue();
    }

    public float topPOr(float fallback) {
        return topP == null ? fallback : topP.floatValue();
    }

    /** A copy with another model and streaming choice (e.g. what one upstream is sent). */
    public ChatRequest with(String newModel, boolean newStream, boolean newIncludeUsage) {
        return new ChatRequest(newModel, messages, newStream, newIncludeUsage, maxTokens, requestedMaxTokens, temperature,
                topP, presencePenalty, frequencyPenalty, seed, stop, ignoreEos, output, draftMax);
    }

    /** Offers tools, sets tool_choice, or carries a tool-calling turn: only a tool-capable server can serve it. */
    public boolean usesTools() {
        return output.usesTools() || messages.stream().anyMatch(ChatMessage::isToolTurn);
    }

    /**
     * The request as OpenAI JSON: messages, max_tokens, the sampling and output fields that were given, {@code stream} and, when
     * streaming with usage, {@code stream_options.include_usage}; {@code model} only when {@code withModel}.
     */
    public ObjectNode toJson(boolean withModel) {
        ObjectNode body = OpenAiJson.MAPPER.createObjectNode();
        if (withModel && model != null) {
            body.put("model", model);
        }
        ArrayNode out = body.putArray("messages");
        for (ChatMessage message : messages) {
            com.fasterxml.jackson.databind.node.ObjectNode turn = out.addObject().put("role", message.role())
                    .put("content", message.content());
            if (message.toolCalls() != null) {
                turn.set("tool_calls", message.toolCalls().deepCopy());
            }
            if (message.toolCallId() != null) {
                turn.put("tool_call_id", message.toolCallId());
            }
        }
        if (maxTokens != null) {
            body.put("max_tokens", maxTokens);
        }
        putIfSet(body, "temperature", temperature);
        putIfSet(body, "top_p", topP);
        putIfSet(body, "presence_penalty", presencePenalty);
        putIfSet(body, "frequency_penalty", frequencyPenalty);
        if (seed != null) {
            body.put("seed", seed);
        }
        if (!stop.isEmpty()) {
            ArrayNode stops = body.putArray("stop");
            stop.forEach(stops::add);
        }
        if (ignoreEos) {
            body.put("ignore_eos", true);
        }
        output.writeTo(body);
        if (draftMax != null) {
            body.put(DRAFT_MAX_FIELD, draftMax);
        }
        body.put("stream", stream);
        if (stream && includeUsage) {
            body.putObject("stream_options").put("include_usage", true);
        }
        return body;
    }

    /** {@link #toJson(boolean)} with the model. */
    public ObjectNode toJson() {
        return toJson(true);
    }

    private static void putIfSet(ObjectNode body, String field, Double value) {
        if (value != null) {
            body.put(field, value);
        }
    }
}
