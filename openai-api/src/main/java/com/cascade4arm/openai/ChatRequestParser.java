package com.cascade4arm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one validation of an OpenAI chat request, for the gateway and the hosts alike: every rejection is an
 * {@link ApiError} naming the field and the bad value, and a field not honoured is refused ({@link RequestFields}). What differs between them (models, caps) is {@link Limits}.
 */
public final class ChatRequestParser {
    public static final Set<String> ROLES = Set.of("system", "user", "assistant", "developer", "tool");
    public static final int MAX_MESSAGES = 256;
    public static final double MAX_TEMPERATURE = 2;

    private final Limits limits;

    public ChatRequestParser(Limits limits) {
        this.limits = limits;
    }

    /**
     * What a server accepts.
     *
     * @param models            model names accepted; empty = any
     * @param defaultModel      the model of a request that names none, a blank one or one of {@code defaultAliases}
     * @param maxTokensCap      largest max_tokens accepted (400 above)
     * @param defaultMaxTokens  max_tokens of a request that sends none; null leaves it unset
     * @param maxPromptChars    largest prompt, all message contents together (413 above)
     * @param maxStopSequences  most stop strings accepted
     * @param schema            bounds of a response_format JSON schema ({@link SchemaLimits})
     */
    public record Limits(List<String> models, String defaultModel, Set<String> defaultAliases, int maxTokensCap,
                         Integer defaultMaxTokens, int maxPromptChars, int maxStopSequences, SchemaLimits schema) {
        public Limits {
            models = List.copyOf(models);
            defaultAliases = Set.copyOf(defaultAliases);
            if (defaultMaxTokens != null) {
                defaultMaxTokens = Math.min(defaultMaxTokens, maxTokensCap);
            }
            schema = schema == null ? SchemaLimits.DEFAULTS : schema;
        }

        /** With the default schema bounds. */
        public Limits(List<String> models, String defaultModel, Set<String> defaultAliases, int maxTokensCap,
                      Integer defaultMaxTokens, int maxPromptChars, int maxStopSequences) {
            this(models, defaultModel, defaultAliases, maxTokensCap, defaultMaxTokens, maxPromptChars, maxStopSequences,
                    SchemaLimits.DEFAULTS);
        }

        /** 400 unless {@code maxTokens} (when given) is within 1..cap: for requests that carry max_tokens elsewhere. */
        public void checkMaxTokens(Integer maxTokens) {
            if (maxTokens != null && (maxTokens < 1 || maxTokens > maxTokensCap)) {
                throw ApiError.invalidParam("max_tokens", "invalid_value",
                        "max_tokens must be between 1 and " + maxTokensCap + ", but was " + maxTokens);
            }
        }
    }

    /**
     * 400 naming the first message whose role {@code server} cannot serve (e.g. {@code tool} for a model server without
     * tool support, which would otherwise fail it as a server error): what a server accepts is its own capability.
     */
    public static void requireRoles(ChatRequest request, Set<String> accepted, String server) {
        List<ChatMessage> messages = request.messages();
        for (int i = 0; i < messages.size(); i++) {
            String role = messages.get(i).role();
            if (!accepted.contains(role)) {
                throw ApiError.invalidParam("messages", "unsupported_role", "messages[" + i + "].role '" + role
                        + "' cannot be served by " + server + "; it accepts " + String.join(", ", accepted.stream().sorted().toList()));
            }
        }
    }

    /** The limits this parser applies, shared with every other endpoint that takes a prompt. */
    public Limits limits() {
        return limits;
    }

    public ChatRequest parse(byte[] body) {
        return parse(readObject(body));
    }

    /** Parses {@code body} as if {@code ignored} fields were absent (a server that accepts and does not honour them). */
    public ChatRequest parseIgnoring(byte[] body, Set<String> ignored) {
        JsonNode root = readObject(body);
        if (root instanceof ObjectNode object) {
            object.remove(ignored);
        }
        return parse(root);
    }

    public ChatRequest parse(JsonNode root) {
        if (!root.isObject()) {
            throw ApiError.badRequest("invalid_type", "request body must be a JSON object, but was " + Values.describe(root));
        }
        RequestFields.refuseUnsupported(root);
        String model = model(root.get("model"));
        List<ChatMessage> messages = messages(root.get("messages"));
        int promptChars = messages.stream().mapToInt(m -> m.content().length()).sum();
        if (promptChars > limits.maxPromptChars()) {
            throw ApiError.tooLarge("prompt is " + promptChars + " characters; the limit is " + limits.maxPromptChars());
        }
        boolean stream = Values.bool(root, "stream", false);
        JsonNode options = root.get("stream_options");
        if (options != null && !options.isNull() && !options.isObject()) {
            throw ApiError.invalidParam("stream_options", "invalid_type",
                    "stream_options must be an object, but was " + Values.describe(options));
        }
        boolean includeUsage = options != null && options.isObject() && Values.bool(options, "include_usage", false);
        Integer requested = Values.integer(root, "max_completion_tokens", 1, limits.maxTokensCap());
        if (requested == null) {
            requested = Values.integer(root, "max_tokens", 1, limits.maxTokensCap());
        }
        Integer n = Values.integer(root, "n", Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (n != null && n != 1) {
            throw ApiError.invalidParam("n", "invalid_value", "n must be 1 (one choice per request), but was " + n);
        }
        return new ChatRequest(model, messages, stream, includeUsage,
                requested != null ? requested : limits.defaultMaxTokens(), requested,
                Values.number(root, "temperature", 0, MAX_TEMPERATURE), Values.number(root, "top_p", 0, 1),
                Values.number(root, "presence_penalty", -2, 2), Values.number(root, "frequency_penalty", -2, 2),
                Values.integer(root, "seed", Integer.MIN_VALUE, Integer.MAX_VALUE), stop(root.get("stop")),
                Values.bool(root, "ignore_eos", false),
                RequestFields.outputOptions(root, limits.schema()),
                Values.integer(root, ChatRequest.DRAFT_MAX_FIELD, 0, ChatRequest.MAX_DRAFT_TOKENS));
    }

    /**
     * Parses {@code {"prompt": "…"}} or {@code {"messages": [...]}} plus the chat fields (the gateway's /api/route and
     * compare): the prompt becomes one user message, then the chat rules apply. {@code ignored} fields are dropped first.
     */
    public ChatRequest parsePromptOrMessages(ObjectNode root, Set<String> ignored) {
        ObjectNode chatBody = root.deepCopy();
        ignored.forEach(chatBody::remove);
        JsonNode prompt = chatBody.remove("prompt");
        boolean hasMessages = chatBody.hasNonNull("messages");
        if (prompt != null && !prompt.isNull()) {
            if (hasMessages) {
                throw ApiError.invalidParam("prompt", "invalid_value", "give either prompt or messages, not both");
            }
            if (!prompt.isTextual()) {
                throw ApiError.invalidParam("prompt", "invalid_type", "prompt must be a string, but was " + Values.describe(prompt));
            }
            if (prompt.asText().isBlank()) {
                throw ApiError.invalidParam("prompt", "invalid_value", "prompt must not be empty");
            }
            chatBody.putArray("messages").addObject().put("role", ChatMessage.USER).put("content", prompt.asText());
        } else if (!hasMessages) {
            throw ApiError.invalidParam("prompt", "missing_field", "prompt or messages is required");
        }
        return parse(chatBody);
    }

    /** Parses a client's JSON body; malformed JSON is a 400 that says where. */
    public static JsonNode readObject(byte[] body) {
        if (body == null || body.length == 0) {
            throw ApiError.badRequest("empty_body", "request body is empty; expected a JSON object");
        }
        try {
            JsonNode root = OpenAiJson.MAPPER.readTree(body);
            if (root == null || root.isMissingNode()) {
                throw ApiError.badRequest("empty_body", "request body is empty; expected a JSON object");
            }
            return root;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw ApiError.badRequest("invalid_json", "request body is not valid JSON" + where);
        } catch (IOException e) {
            throw ApiError.badRequest("invalid_json", "request body is not valid JSON");
        }
    }

    private String model(JsonNode node) {
        if (node == null || node.isNull()) {
            return limits.defaultModel();
        }
        if (!node.isTextual()) {
            throw ApiError.invalidParam("model", "invalid_type", "model must be a string, but was " + Values.describe(node));
        }
        String model = node.asText();
        if (model.isBlank() || limits.defaultAliases().contains(model)) {
            return limits.defaultModel();
        }
        if (!limits.models().isEmpty() && !limits.models().contains(model)) {
            throw ApiError.notFound("model_not_found", "model '" + Values.abbreviate(model)
                    + "' does not exist; use one of " + String.join(", ", limits.models()));
        }
        return model;
    }

    private static List<ChatMessage> messages(JsonNode node) {
        if (node == null || node.isNull()) {
            throw ApiError.invalidParam("messages", "missing_field", "messages is required: an array of {role, content} objects");
        }
        if (!node.isArray()) {
            throw ApiError.invalidParam("messages", "invalid_type", "messages must be an array, but was " + Values.describe(node));
        }
        if (node.isEmpty()) {
            throw ApiError.invalidParam("messages", "invalid_value", "messages must not be empty");
        }
        if (node.size() > MAX_MESSAGES) {
            throw ApiError.invalidParam("messages", "invalid_value",
                    "messages may hold at most " + MAX_MESSAGES + " entries, but had " + node.size());
        }
        List<ChatMessage> messages = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            messages.add(message(node.get(i), "messages[" + i + "]"));
        }
        if (messages.stream().noneMatch(m -> m.role().equals(ChatMessage.USER))) {
            throw ApiError.invalidParam("messages", "invalid_value", "messages must contain at least one user message");
        }
        return messages;
    }

    private static ChatMessage message(JsonNode message, String where) {
        if (!message.isObject()) {
            throw ApiError.invalidParam("messages", "invalid_type", where + " must be an object, but was " + Values.describe(message));
        }
        JsonNode role = message.get("role");
        if (role == null || !role.isTextual() || !ROLES.contains(role.asText())) {
            throw ApiError.invalidParam("messages", "invalid_value", where + ".role must be one of "
                    + "system, user, assistant, developer, tool, but was "
                    + (role == null ? "missing" : role.isTextual() ? "'" + Values.abbreviate(role.asText()) + "'" : Values.describe(role)));
        }
        JsonNode toolCalls = message.get("tool_calls");
        boolean calledTools = toolCalls != null && !toolCalls.isNull();
        if (calledTools && (!role.asText().equals(ChatMessage.ASSISTANT) || !toolCalls.isArray())) {
            throw ApiError.invalidParam("messages", "invalid_value", where
                    + ".tool_calls must be an array, on an assistant message");
        }
        String toolCallId = null;
        JsonNode id = message.get("tool_call_id");
        if (id != null && !id.isNull()) {
            // Relayed when given; whether a tool turn may go without it is the serving tier's call (roles come first).
            if (!role.asText().equals(ChatMessage.TOOL) || !id.isTextual() || id.asText().isEmpty()) {
                throw ApiError.invalidParam("messages", "invalid_value", where
                        + ".tool_call_id must be a non-empty string, on a tool message");
            }
            toolCallId = id.asText();
        }
        JsonNode content = message.get("content");
        String text = calledTools && (content == null || content.isNull()) ? "" : content(content, where);
        return new ChatMessage(role.asText(), text, calledTools ? (com.fasterxml.jackson.databind.node.ArrayNode) toolCalls
                : null, toolCallId);
    }

    /** A string, or an array of {type:"text", text} parts joined together. */
    private static String content(JsonNode node, String where) {
        if (node == null || node.isNull()) {
            throw ApiError.invalidParam("messages", "missing_field", where + ".content is required");
        }
        if (node.isTextual()) {
            return node.asText();
        }
        if (node.isArray()) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < node.size(); i++) {
                JsonNode part = node.get(i);
                if (!part.isObject() || !"text".equals(part.path("type").asText()) || !part.path("text").isTextual()) {
                    throw ApiError.invalidParam("messages", "invalid_value",
                            where + ".content[" + i + "] must be a {\"type\":\"text\",\"text\":string} part");
                }
                text.append(part.get("text").asText());
            }
            return text.toString();
        }
        throw ApiError.invalidParam("messages", "invalid_type", where
                + ".content must be a string or an array of text parts, but was " + Values.describe(node));
    }

    private List<String> stop(JsonNode node) {
        List<String> stop = new ArrayList<>();
        if (node == null || node.isNull()) {
            return stop;
        }
        if (node.isTextual()) {
            stop.add(node.asText());
        } else if (node.isArray()) {
            if (node.size() > limits.maxStopSequences()) {
                throw ApiError.invalidParam("stop", "invalid_value", "stop accepts at most " + limits.maxStopSequences()
                        + " strings, but got " + node.size());
            }
            for (int i = 0; i < node.size(); i++) {
                if (!node.get(i).isTextual()) {
                    throw ApiError.invalidParam("stop", "invalid_type",
                            "stop[" + i + "] must be a string, but was " + Values.describe(node.get(i)));
                }
                stop.add(node.get(i).asText());
            }
        } else {
            throw ApiError.invalidParam("stop", "invalid_type",
                    "stop must be a string or an array of strings, but was " + Values.describe(node));
        }
        if (stop.stream().anyMatch(String::isEmpty)) {
            throw ApiError.invalidParam("stop", "invalid_value", "stop strings must not be empty");
        }
        return stop;
    }
}
