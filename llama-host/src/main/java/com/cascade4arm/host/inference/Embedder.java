package com.cascade4arm.host.inference;

import com.cascade4arm.host.HostConfig;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.args.PoolingType;

import java.util.List;

/**
 * The host's {@code /v1/embeddings}: the same GGUF loaded a second time with embeddings on (de.kherud:llama's
 * {@code enableEmbedding()}, last-token pooling, one sequence at a time), on the first request — a context with embeddings on
 * would change every generation's decode, so the generating model is left as it is. Vectors are llama.cpp's, normalized
 * (euclidean) as llama-server's are by default.
 */
public final class Embedder implements AutoCloseable {
    private final HostConfig config;
    private LlamaModel model;
    private boolean closed;

    public Embedder(HostConfig config) {
        this.config = config;
    }

    /** One vector per input, in order, and the prompt tokens they took; blocks (load, then native decoding). */
    public synchronized Result embed(List<String> inputs) {
        if (closed) {
            throw new ModelNotReadyException("host is closing");
        }
        LlamaModel loaded = model();
        float[][] vectors = new float[inputs.size()][];
        long tokens = 0;
        for (int i = 0; i < inputs.size(); i++) {
            int count = loaded.encode(inputs.get(i)).length;
            if (count >= config.slotContextTokens()) {
                throw new PromptTooLongException(count, config.slotContextTokens());
            }
            tokens += count;
            vectors[i] = normalized(loaded.embed(inputs.get(i)));
        }
        return new Result(vectors, tokens);
    }

    /** The vectors (input order) and the prompt tokens of all inputs. */
    public record Result(float[][] vectors, long promptTokens) {
    }

    private LlamaModel model() {
        if (model == null) {
            LlamaLogBridge.install();
            ModelParameters parameters = new ModelParameters()
                    .setModel(config.model().toString())
                    .setCtxSize(config.slotContextTokens())
                    .setThreads(config.threads())
                    .setParallel(1)
                    .enableEmbedding()
                    // Last-token pooling, as decoder embedding models use; MEAN aborted b4916 on loading
                    // (GGML_ASSERT(ggml_can_mul_mat(a, b)) building the pooling graph).
                    .setPoolingType(PoolingType.LAST);
            synchronized (LoadedModel.LOADING) {
                model = new LlamaModel(parameters);
            }
        }
        return model;
    }

    private static float[] normalized(float[] vector) {
        double sum = 0;
        for (float value : vector) {
            sum += (double) value * value;
        }
        if (sum == 0) {
            return vector;
        }
        float scale = (float) (1 / Math.sqrt(sum));
        float[] out = new float[vector.length];
        for (int i = 0; i < vector.length; i++) {
            out[i] = vector[i] * scale;
        }
        return out;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (model != null) {
            model.close();
            model = null;
        }
    }
}
