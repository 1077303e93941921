package com.cascade4arm.routes.chat;

import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Validates an OpenAI chat request into a {@link ChatRequest}; every rejection names the field and the bad value. */
public final class ChatRequestParser {
    public static final String AUTO = "auto";
    public static final Set<String> MODELS = Set.of(AUTO, "small", "large");
    private static final Set<String> ROLES = PromptLimits.ROLES;
    private static final int MAX_STOP_SEQUENCES = 4;

    private final PromptLimits limits;

    public ChatRequestParser(int maxTokensCap, int defaultMaxTokens, int maxPromptChars) {
        this(new PromptLimits(maxTokensCap, defaultMaxTokens, maxPromptChars));
    }

    public ChatRequestParser(PromptLimits limits) {
        this.limits = limits;
    }

    /** The limits this parser applies, shared with every other endpoint that takes a prompt. */
    public PromptLimits limits() {
        return limits;
    }

    /**
     * Parses {@code {"prompt": "…"}} or {@code {"messages": [...]}} plus the chat fields (for /api/route and compare):
     * the prompt becomes one user message, then the chat rules apply. {@code ignored} fields are dropped first.
     */
    public ChatRequest parsePromptOrMessages(ObjectNode root, Set<String> ignored) {
        ObjectNode chatBody = root.deepCopy();
        ignored.forEach(chatBody::remove);
        JsonNode prompt = chatBody.remove("prompt");
        boolean hasMessages = chatBody.hasNonNull("messages");
        if (prompt != null && !prompt.isNull()) {
            if (hasMessages) {
                throw ApiException.badRequest("invalid_value", "give either prompt or messages, not both");
            }
            if (!prompt.isTextual()) {
                throw ApiException.badRequest("invalid_type", "prompt must be a string, but was " + kind(prompt));
            }
            if (prompt.asText().isBlank()) {
                throw ApiException.badRequest("invalid_value", "prompt must not be empty");
            }
            chatBody.putArray("messages").addObject().put("role", "user").put("content", prompt.asText());
        } else if (!hasMessages) {
            throw ApiException.badRequest("missing_field", "prompt or messages is required");
        }
        return parse(chatBody);
    }

    public ChatRequest parse(byte[] body) {
        return parse(Json.parseClientBody(body));
    }

    private ChatRequest parse(JsonNode root) {
        if (!root.isObject()) {
            throw ApiException.badRequest("invalid_type", "request body must be a JSON object, but was " + kind(root));
        }
        String model = parseModel(root.get("model"));
        List<ChatMessage> messages = parseMessages(root.get("messages"));
        limits.checkPromptChars(messages.stream().mapToInt(m -> m.content().length()).sum());
        boolean stream = optionalBoolean(root, "stream", false);
        JsonNode options = root.get("stream_options");
        if (options != null && !options.isNull() && !options.isObject()) {
            throw ApiException.badRequest("invalid_type", "stream_options must be an object, but was " + kind(options));
        }
        boolean includeUsage = options != null && options.isObject() && optionalBoolean(options, "include_usage", false);
        Integer requested = optionalInt(root, "max_completion_tokens");
        if (requested == null) {
            requested = optionalInt(root, "max_tokens");
        }
        limits.checkMaxTokens(requested);
        Integer n = optionalInt(root, "n");
        if (n != null && n != 1) {
            throw ApiException.badRequest("invalid_value", "n must be 1 (one choice per request), but was " + n);
        }
        int maxTokens = requested == null ? limits.defaultMaxTokens() : requested;

        ObjectNode upstream = Json.object();
        ArrayNode outMessages = upstream.putArray("messages");
        messages.forEach(m -> outMessages.addObject().put("role", m.role()).put("content", m.content()));
        upstream.put("max_tokens", maxTokens);
        copyNumber(root, upstream, "temperature", 0, 2);
        copyNumber(root, upstream, "top_p", 0, 1);
        copyNumber(root, upstream, "presence_penalty", -2, 2);
        copyNumber(root, upstream, "frequency_penalty", -2, 2);
        Integer seed = optionalInt(root, "seed");
        if (seed != null) {
            upstream.put("seed", seed);
        }
        copyStop(root.get("stop"), upstream);
        return new ChatRequest(model, List.copyOf(messages), stream, includeUsage, maxTokens, requested, upstream);
    }

    private static String parseModel(JsonNode node) {
        if (node == null || node.isNull()) {
            return AUTO;
        }
        if (!node.isTextual()) {
            throw ApiException.badRequest("invalid_type", "model must be a string, but was " + kind(node));
        }
        String model = node.asText();
        if (model.isBlank() || model.equals("cascade")) {
            return AUTO;
        }
        if (!MODELS.contains(model)) {
            throw ApiException.notFound("model_not_found",
                    "model '" + abbreviate(model) + "' does not exist; use one of auto, small, large");
        }
        return model;
    }

    private List<ChatMessage> parseMessages(JsonNode node) {
        if (node == null || node.isNull()) {
            throw ApiException.badRequest("missing_field", "messages is required");
        }
        if (!node.isArray()) {
            throw ApiException.badRequest("invalid_type", "messages must be an array, but was " + kind(node));
        }
        if (node.isEmpty()) {
            throw ApiException.badRequest("invalid_value", "messages must contain at least one message");
        }
        limits.checkMessageCount(node.size());
        List<ChatMessage> messages = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            JsonNode message = node.get(i);
            if (!message.isObject()) {
                throw ApiException.badRequest("invalid_type", "messages[" + i + "] must be an object, but was " + kind(message));
            }
            JsonNode role = message.get("role");
            if (role == null || !role.isTextual() || !ROLES.contains(role.asText())) {
                throw ApiException.badRequest("invalid_value", "messages[" + i + "].role must be one of " + ROLES
                        + ", but was " + (role == null ? "missing" : abbreviate(role.toString())));
            }
            messages.add(new ChatMessage(role.asText(), content(message.get("content"), i)));
        }
        if (messages.stream().noneMatch(m -> m.role().equals("user"))) {
            throw ApiException.badRequest("invalid_value", "messages must contain at least one user message");
        }
        return messages;
    }

    private static String content(JsonNode node, int index) {
        if (node == null || node.isNull()) {
            throw ApiException.badRequest("missing_field", "messages[" + index + "].content is required");
        }
        if (node.isTextual()) {
            return node.asText();
        }
        if (node.isArray()) {
            StringBuilder text = new StringBuilder();
            for (JsonNode part : node) {
                JsonNode type = part.get("type");
                if (!part.isObject() || type == null || !"text".equals(type.asText()) || !part.path("text").isTextual()) {
                    throw ApiException.badRequest("invalid_value",
                            "messages[" + index + "].content parts must be {\"type\":\"text\",\"text\":...}");
                }
                text.append(part.get("text").asText());
            }
            return text.toString();
        }
        throw ApiException.badRequest("invalid_type",
                "messages[" + index + "].content must be a string or an array of text parts, but was " + kind(node));
    }

    private static boolean optionalBoolean(JsonNode root, String field, boolean fallback) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isBoolean()) {
            throw ApiException.badRequest("invalid_type", field + " must be a boolean, but was " + kind(node));
        }
        return node.asBoolean();
    }

    private static Integer optionalInt(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw ApiException.badRequest("invalid_type", field + " must be an integer, but was " + abbreviate(node.toString()));
        }
        return node.asInt();
    }

    private static void copyNumber(JsonNode root, ObjectNode out, String field, double min, double max) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return;
        }
        if (!node.isNumber()) {
            throw ApiException.badRequest("invalid_type", field + " must be a number, but was " + kind(node));
        }
        double value = node.asDouble();
        if (value < min || value > max || Double.isNaN(value)) {
            throw ApiException.badRequest("invalid_value",
                    field + " must be between " + min + " and " + max + ", but was " + node.asText());
        }
        out.put(field, value);
    }

    private static void copyStop(JsonNode node, ObjectNode out) {
        if (node == null || node.isNull()) {
            return;
        }
        if (node.isTextual()) {
            out.putArray("stop").add(node.asText());
            return;
        }
        if (!node.isArray() || node.size() > MAX_STOP_SEQUENCES) {
            throw ApiException.badRequest("invalid_value",
                    "stop must be a string or an array of at most " + MAX_STOP_SEQUENCES + " strings");
        }
        ArrayNode stops = out.putArray("stop");
        for (JsonNode s : node) {
            if (!s.isTextual()) {
                throw ApiException.badRequest("invalid_type", "stop entries must be strings, but one was " + kind(s));
            }
            stops.add(s.asText());
        }
    }

    static String kind(JsonNode node) {
        return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static String abbreviate(String s) {
        return s.length() <= 64 ? s : s.substring(0, 61) + "...";
    }
}
