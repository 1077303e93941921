package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.List;

/**
 * A validated {@code POST /v1/embeddings} request: the texts to embed, in order, and how the client wants the vectors
 * written. {@link #toJson()} is what an upstream (llama-server with {@code --embeddings}, our host) gets: always float
 * vectors, so base64 is our own encoding and works whatever the upstream supports.
 */
public record EmbeddingsRequest(String model, List<String> inputs, boolean inputWasString, boolean base64, String user) {
    public static final String FLOAT = "float";
    public static final String BASE64 = "base64";

    public EmbeddingsRequest {
        inputs = List.copyOf(inputs);
    }

    /** The body sent upstream: the inputs as an array (one vector each), float encoding. */
    public ObjectNode toJson() {
        ObjectNode body = OpenAiJson.MAPPER.createObjectNode();
        if (model != null) {
            body.put("model", model);
        }
        ArrayNode input = body.putArray("input");
        inputs.forEach(input::add);
        body.put("encoding_format", FLOAT);
        return body;
    }

    /** Characters of all inputs together (the limit a prompt has on chat). */
    public int chars() {
        return inputs.stream().mapToInt(String::length).sum();
    }

    /**
     * One vector as OpenAI writes it for {@code encoding_format: base64}: the little-endian float32 bytes, base64
     * (what the official clients decode with {@code Float32Array}/{@code numpy.frombuffer}).
     */
    public static String base64(float[] vector) {
        ByteBuffer bytes = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : vector) {
            bytes.putFloat(value);
        }
        return Base64.getEncoder().encodeToString(bytes.array());
    }
}
