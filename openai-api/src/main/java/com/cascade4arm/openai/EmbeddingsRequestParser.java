package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The validation of an OpenAI embeddings request ({@code POST /v1/embeddings}), for the gateway and the hosts alike:
 * {@code input} a string or an array of strings, {@code encoding_format} float or base64, {@code model} and
 * {@code user} accepted; every other field refused with 400 {@code unsupported_parameter} naming it, as on chat.
 */
public final class EmbeddingsRequestParser {
    /** OpenAI's own bound on the inputs of one request. */
    public static final int MAX_INPUTS = 2048;
    static final Set<String> HONOURED = Set.of("model", "input", "encoding_format", "user");
    static final Map<String, String> REFUSED = Map.of(
            "dimensions", "the vector's size is the model's own (llama.cpp cannot shorten it)");

    private final int maxChars;

    /** {@code maxChars}: all inputs together, in characters (413 above), e.g. the chat prompt limit. */
    public EmbeddingsRequestParser(int maxChars) {
        this.maxChars = maxChars;
    }

    public EmbeddingsRequest parse(byte[] body) {
        JsonNode root = ChatRequestParser.readObject(body);
        if (!root.isObject()) {
            throw ApiError.badRequest("invalid_type", "request body must be a JSON object, but was " + Values.describe(root));
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String field = names.next();
            if (!HONOURED.contains(field)) {
                String why = REFUSED.getOrDefault(field, "it is not an embeddings parameter this gateway knows");
                throw ApiError.invalidParam(field, "unsupported_parameter",
                        field + " is not supported: " + why + "; remove it from the request");
            }
        }
        JsonNode model = root.get("model");
        if (model != null && !model.isNull() && !model.isTextual()) {
            throw ApiError.invalidParam("model", "invalid_type", "model must be a string, but was " + Values.describe(model));
        }
        JsonNode input = root.get("input");
        List<String> inputs = inputs(input);
        EmbeddingsRequest request = new EmbeddingsRequest(model == null || model.isNull() ? null : model.asText(), inputs,
                input.isTextual(), base64(root.get("encoding_format")), user(root.get("user")));
        if (request.chars() > maxChars) {
            throw ApiError.tooLarge("input is " + request.chars() + " characters; the limit is " + maxChars);
        }
        return request;
    }

    private static List<String> inputs(JsonNode input) {
        if (input == null || input.isNull()) {
            throw ApiError.invalidParam("input", "missing_field", "input is required: a string or an array of strings");
        }
        List<String> inputs = new ArrayList<>();
        if (input.isTextual()) {
            inputs.add(input.asText());
        } else if (input.isArray()) {
            if (input.isEmpty()) {
                throw ApiError.invalidParam("input", "invalid_value", "input must not be an empty array");
            }
            if (input.size() > MAX_INPUTS) {
                throw ApiError.invalidParam("input", "invalid_value",
                        "input may hold at most " + MAX_INPUTS + " strings, but had " + input.size());
            }
            for (int i = 0; i < input.size(); i++) {
                JsonNode item = input.get(i);
                if (!item.isTextual()) {
                    // Token arrays are OpenAI's too, but the ids are the model's own: a client cannot know the tiers'.
                    throw ApiError.invalidParam("input", "invalid_type", "input[" + i + "] must be a string, but was "
                            + Values.describe(item) + " (token arrays are not accepted: each tier has its own vocabulary)");
                }
                inputs.add(item.asText());
            }
        } else {
            throw ApiError.invalidParam("input", "invalid_type",
                    "input must be a string or an array of strings, but was " + Values.describe(input));
        }
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).isEmpty()) {
                throw ApiError.invalidParam("input", "invalid_value",
                        (input.isTextual() ? "input" : "input[" + i + "]") + " must not be empty");
            }
        }
        return inputs;
    }

    private static boolean base64(JsonNode format) {
        if (format == null || format.isNull()) {
            return false;
        }
        if (!format.isTextual() || !(format.asText().equals(EmbeddingsRequest.FLOAT)
                || format.asText().equals(EmbeddingsRequest.BASE64))) {
            throw ApiError.invalidParam("encoding_format", "invalid_value",
                    "encoding_format must be 'float' or 'base64', but was " + Values.describe(format));
        }
        return format.asText().equals(EmbeddingsRequest.BASE64);
    }

    private static String user(JsonNode user) {
        if (user == null || user.isNull()) {
            return null;
        }
        if (!user.isTextual() || user.asText().length() > RequestFields.MAX_USER_CHARS) {
            throw ApiError.invalidParam("user", "invalid_value",
                    "user must be a string of at most " + RequestFields.MAX_USER_CHARS + " characters");
        }
        return user.asText();
    }
}
