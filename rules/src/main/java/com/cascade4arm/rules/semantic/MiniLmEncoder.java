package com.cascade4arm.rules.semantic;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;

/**
 * all-MiniLM-L6-v2 (quantized, ONNX Runtime in process, 384 dimensions, unit length) over the prompt's first
 * {@value #HEAD_CHARS} and last {@value #TAIL_CHARS} characters — like the other scanners, so the cost is bounded
 * whatever the prompt's length. Loading takes about 0.7 s; one instance is thread-safe.
 */
public final class MiniLmEncoder implements SentenceEncoder {

    public static final int DIMENSIONS = 384;
    static final int HEAD_CHARS = 1_500;
    static final int TAIL_CHARS = 500;

    private final AllMiniLmL6V2QuantizedEmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();

    /** The shared encoder, loaded on first use (the ONNX session and its native library). */
    public static MiniLmEncoder shared() {
        return Shared.ENCODER;
    }

    @Override
    public float[] embed(String text) {
        return model.embed(window(text)).content().vector();
    }

    static String window(String text) {
        if (text.length() <= HEAD_CHARS + TAIL_CHARS) {
            return text;
        }
        return text.substring(0, HEAD_CHARS) + "\n" + text.substring(text.length() - TAIL_CHARS);
    }

    private static final class Shared {
        static final MiniLmEncoder ENCODER = new MiniLmEncoder();
    }
}
