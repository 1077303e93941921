package com.cascade4arm.host.http;

import com.cascade4arm.host.inference.ChatMessage;
import com.cascade4arm.host.inference.ChatRequest;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;

/** Reads an OpenAI chat-completion body into a {@link ChatRequest}, naming the bad field and value on errors. */
final class ChatRequestParser {

    static final int MAX_STOP_STRINGS = 16;
    static final float MAX_TEMPERATURE = 2f;

    private final int maxTokensLimit;

    /** @param maxTokensLimit largest accepted max_tokens: the context of one slot */
    ChatRequestParser(int maxTokensLimit) {
        this.maxTokensLimit = maxTokensLimit;
    }

    ChatRequest parse(Buffer body) {
        if (body == null || body.length() == 0) {
            throw ApiError.invalidRequest("request body is empty; expected a JSON object with 'messages'");
        }
        Object decoded;
        try {
            decoded = Json.decodeValue(body);
        } catch (DecodeException e) {
            throw ApiError.invalidRequest("request body is not valid JSON: " + firstLine(e.getMessage()));
        }
        if (!(decoded instanceof JsonObject json)) {
            throw ApiError.invalidRequest("request body must be a JSON object, but was "
                    + JsonFields.typeName(decoded));
        }
        Integer n = JsonFields.optionalInt(json, "n", Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (n != null && n != 1) {
            throw ApiError.invalidParam("n", "only n=1 is supported, but was " + n);
        }
        JsonFields.optionalString(json, "model");
        Integer maxTokens = JsonFields.optionalInt(json, "max_tokens", 1, maxTokensLimit);
        Integer maxCompletionTokens = JsonFields.optionalInt(json, "max_completion_tokens", 1, maxTokensLimit);
        float temperature = JsonFields.optionalFloat(json, "temperature", 0f, MAX_TEMPERATURE,
                ChatRequest.DEFAULT_TEMPERATURE);
        float topP = JsonFields.optionalFloat(json, "top_p", 0f, 1f, ChatRequest.DEFAULT_TOP_P);
        Integer seed = JsonFields.optionalInt(json, "seed", Integer.MIN_VALUE, Integer.MAX_VALUE);
        boolean stream = JsonFields.optionalBoolean(json, "stream", false);
        boolean includeUsage = false;
        Object streamOptions = json.getValue("stream_options");
        if (streamOptions instanceof JsonObject options) {
            includeUsage = JsonFields.optionalBoolean(options, "include_usage", false);
        } else if (streamOptions != null) {
            throw ApiError.invalidParam("stream_options", "stream_options must be an object, but was "
                    + JsonFields.typeName(streamOptions));
        }
        return new ChatRequest(messages(json), maxTokens != null ? maxTokens : maxCompletionTokens, temperature, topP,
                seed, stop(json), stream, includeUsage);
    }

    private static List<ChatMessage> messages(JsonObject json) {
        Object value = json.getValue("messages");
        if (value == null) {
            throw ApiError.invalidParam("messages", "messages is required: an array of {role, content} objects");
        }
        if (!(value instanceof JsonArray array)) {
            throw ApiError.invalidParam("messages", "messages must be an array, but was "
                    + JsonFields.typeName(value));
        }
        if (array.isEmpty()) {
            throw ApiError.invalidParam("messages", "messages must not be empty");
        }
        List<ChatMessage> messages = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            messages.add(message(array.getValue(i), i));
        }
        if (messages.stream().noneMatch(m -> !m.role().equals("system"))) {
            throw ApiError.invalidParam("messages", "messages must contain at least one user or assistant message");
        }
        return messages;
    }

    private static ChatMessage message(Object value, int index) {
        String where = "messages[" + index + "]";
        if (!(value instanceof JsonObject message)) {
            throw ApiError.invalidParam("messages", where + " must be an object, but was "
                    + JsonFields.typeName(value));
        }
        Object role = message.getValue("role");
        if (!(role instanceof String roleName)) {
            throw ApiError.invalidParam("messages", where + ".role must be a string, but was "
                    + JsonFields.typeName(role));
        }
        String normalized = roleName.equals("developer") ? "system" : roleName;
        if (!ChatMessage.ROLES.contains(normalized)) {
            throw ApiError.invalidParam("messages", where + ".role must be one of system, user, assistant, but was '"
                    + roleName + "'");
        }
        return new ChatMessage(normalized, content(message.getValue("content"), where));
    }

    /** A string, or an array of {type:"text", text} parts joined together. */
    private static String content(Object value, String where) {
        if (value instanceof String text) {
            return text;
        }
        if (value instanceof JsonArray parts) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < parts.size(); i++) {
                Object part = parts.getValue(i);
                if (!(part instanceof JsonObject object) || !"text".equals(object.getValue("type"))
                        || !(object.getValue("text") instanceof String partText)) {
                    throw ApiError.invalidParam("messages", where + ".content[" + i
                            + "] must be a {\"type\":\"text\",\"text\":string} part");
                }
                text.append(partText);
            }
            return text.toString();
        }
        throw ApiError.invalidParam("messages", where + ".content must be a string or an array of text parts, but was "
                + JsonFields.typeName(value));
    }

    private static List<String> stop(JsonObject json) {
        Object value = json.getValue("stop");
        List<String> stop = new ArrayList<>();
        if (value == null) {
            return stop;
        }
        if (value instanceof String single) {
            stop.add(single);
        } else if (value instanceof JsonArray array) {
            if (array.size() > MAX_STOP_STRINGS) {
                throw ApiError.invalidParam("stop", "stop accepts at most " + MAX_STOP_STRINGS + " strings, but got "
                        + array.size());
            }
            for (int i = 0; i < array.size(); i++) {
                if (!(array.getValue(i) instanceof String text)) {
                    throw ApiError.invalidParam("stop", "stop[" + i + "] must be a string, but was "
                            + JsonFields.typeName(array.getValue(i)));
                }
                stop.add(text);
            }
        } else {
            throw ApiError.invalidParam("stop", "stop must be a string or an array of strings, but was "
                    + JsonFields.typeName(value));
        }
        if (stop.stream().anyMatch(String::isEmpty)) {
            throw ApiError.invalidParam("stop", "stop strings must not be empty");
        }
        return stop;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
