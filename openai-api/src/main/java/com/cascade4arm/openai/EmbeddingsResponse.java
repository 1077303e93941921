package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An embeddings answer in OpenAI's shape ({@code object: list}, {@code data[]} of {@code {object: embedding, index,
 * embedding}} in input order, {@code model}, {@code usage}), built from an upstream's: llama-server's OpenAI-compatible
 * answer, or our host's. Vectors are floats, or base64 of little-endian float32 when the client asked for it.
 */
public final class EmbeddingsResponse {
    private EmbeddingsResponse() {
    }

    /**
     * The client's answer from {@code upstream}'s; throws {@link IllegalStateException} naming what is wrong when the
     * upstream answered another shape (not one vector per input).
     */
    public static ObjectNode fromUpstream(JsonNode upstream, EmbeddingsRequest request) {
        JsonNode data = upstream.path("data");
        if (!data.isArray() || data.size() != request.inputs().size()) {
            throw new IllegalStateException("expected " + request.inputs().size() + " embeddings, got "
                    + (data.isArray() ? data.size() : "none"));
        }
        float[][] vectors = new float[data.size()][];
        for (int i = 0; i < data.size(); i++) {
            JsonNode item = data.get(i);
            int index = item.path("index").asInt(i);
            JsonNode embedding = item.path("embedding");
            if (index < 0 || index >= vectors.length || vectors[index] != null || !embedding.isArray()
                    || embedding.isEmpty()) {
                throw new IllegalStateException("embedding " + i + " is malformed");
            }
            if (embedding.get(0).isArray()) {
                // llama-server with --pooling none answers one vector per token; a client asked for one per input.
                throw new IllegalStateException("the server answers one vector per token (--pooling none); "
                        + "start it with --pooling mean or last");
            }
            JsonNode values = embedding;
            float[] vector = new float[values.size()];
            for (int k = 0; k < vector.length; k++) {
                vector[k] = (float) values.get(k).asDouble();
            }
            vectors[index] = vector;
        }
        return build(vectors, upstream.path("model").asText(request.model() == null ? "" : request.model()),
                upstream.path("usage").path("prompt_tokens").asLong(0), request.base64());
    }

    /** The answer for these vectors (input order), model name and prompt tokens. */
    public static ObjectNode build(float[][] vectors, String model, long promptTokens, boolean base64) {
        ObjectNode body = OpenAiJson.MAPPER.createObjectNode().put("object", "list");
        ArrayNode data = body.putArray("data");
        for (int i = 0; i < vectors.length; i++) {
            ObjectNode item = data.addObject().put("object", "embedding").put("index", i);
            if (base64) {
                item.put("embedding", EmbeddingsRequest.base64(vectors[i]));
            } else {
                ArrayNode values = item.putArray("embedding");
                for (float value : vectors[i]) {
                    values.add(value);
                }
            }
        }
        body.put("model", model);
        body.putObject("usage").put("prompt_tokens", promptTokens).put("total_tokens", promptTokens);
        return body;
    }
}
