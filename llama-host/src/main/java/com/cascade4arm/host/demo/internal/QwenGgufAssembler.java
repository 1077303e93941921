package com.cascade4arm.host.demo.internal;

import com.cascade4arm.host.demo.gguf.GgmlType;
import com.cascade4arm.host.demo.gguf.GgufValueType;
import com.cascade4arm.host.demo.gguf.GgufWriter;
import java.util.List;

/**
 * Lays a next-token table out as a llama.cpp qwen2 model: one-hot token embeddings, blocks that compute but add zero
 * (attn_output and ffn_down are zero), and output[v][i] = logit(i, v) / sqrt(width) because RMS norm scales a one-hot
 * vector up by sqrt(width). Same spec and table give the same bytes.
 */
public final class QwenGgufAssembler {
    static final int CONTEXT_LENGTH = 32_768;
    static final float ROPE_FREQ_BASE = 1_000_000f;
    static final float RMS_NORM_EPSILON = 1e-6f;
    /** Range of the random (but inert) attention and FFN input weights. */
    static final float INERT_WEIGHT_RANGE = 0.05f;
    static final int QUANTIZATION_VERSION = 2;

    private QwenGgufAssembler() {
    }

    public static GgufWriter assemble(ModelSpec spec, Vocabulary vocabulary, NextTokenTable table) {
        if (vocabulary.size() > spec.embeddingLength()) {
            throw new IllegalArgumentException("one-hot embeddings need embeddingLength >= vocabulary size, but "
                    + spec.embeddingLength() + " < " + vocabulary.size());
        }
        GgufWriter writer = new GgufWriter();
        writeMetadata(writer, spec, vocabulary);
        int width = spec.embeddingLength();
        int vocab = vocabulary.size();
        GgmlType type = spec.weightType();
        writer.addTensor("token_embd.weight", type, dims(width, vocab), () -> oneHotRows(width, vocab));
        for (int block = 0; block < spec.blockCount(); block++) {
            String prefix = "blk." + block + ".";
            writer.addTensor(prefix + "attn_norm.weight", GgmlType.F32, dims(width), () -> filled(width, 1f));
            addInert(writer, prefix + "attn_q.weight", type, width, width);
            writer.addTensor(prefix + "attn_q.bias", GgmlType.F32, dims(width), () -> new float[width]);
            addInert(writer, prefix + "attn_k.weight", type, width, spec.kvWidth());
            writer.addTensor(prefix + "attn_k.bias", GgmlType.F32, dims(spec.kvWidth()), () -> new float[spec.kvWidth()]);
            addInert(writer, prefix + "attn_v.weight", type, width, spec.kvWidth());
            writer.addTensor(prefix + "attn_v.bias", GgmlType.F32, dims(spec.kvWidth()), () -> new float[spec.kvWidth()]);
            writer.addTensor(prefix + "attn_output.weight", type, dims(width, width), () -> new float[width * width]);
            writer.addTensor(prefix + "ffn_norm.weight", GgmlType.F32, dims(width), () -> filled(width, 1f));
            addInert(writer, prefix + "ffn_gate.weight", type, width, spec.feedForwardLength());
            addInert(writer, prefix + "ffn_up.weight", type, width, spec.feedForwardLength());
            writer.addTensor(prefix + "ffn_down.weight", type, dims(spec.feedForwardLength(), width),
                    () -> new float[spec.feedForwardLength() * width]);
        }
        writer.addTensor("output_norm.weight", GgmlType.F32, dims(width), () -> filled(width, 1f));
        writer.addTensor("output.weight", type, dims(width, vocab), () -> outputRows(width, table));
        return writer;
    }

    private static void writeMetadata(GgufWriter writer, ModelSpec spec, Vocabulary vocabulary) {
        writer.putString("general.architecture", "qwen2")
                .putString("general.type", "model")
                .putString("general.name", spec.displayName())
                .putString("general.description", "Generated word-bigram demo model (not a trained LLM)")
                .putUInt32("general.file_type", spec.fileType())
                .putUInt32("general.quantization_version", QUANTIZATION_VERSION)
                .putUInt32("general.alignment", GgufWriter.ALIGNMENT)
                .putUInt32("qwen2.block_count", spec.blockCount())
                .putUInt32("qwen2.context_length", CONTEXT_LENGTH)
                .putUInt32("qwen2.embedding_length", spec.embeddingLength())
                .putUInt32("qwen2.feed_forward_length", spec.feedForwardLength())
                .putUInt32("qwen2.attention.head_count", spec.headCount())
                .putUInt32("qwen2.attention.head_count_kv", spec.headCountKv())
                .putFloat32("qwen2.rope.freq_base", ROPE_FREQ_BASE)
                .putFloat32("qwen2.attention.layer_norm_rms_epsilon", RMS_NORM_EPSILON)
                .putString("tokenizer.ggml.model", "gpt2")
                .putString("tokenizer.ggml.pre", "qwen2")
                .putArray("tokenizer.ggml.tokens", GgufValueType.STRING, vocabulary.ggufTokens())
                .putArray("tokenizer.ggml.token_type", GgufValueType.INT32, vocabulary.ggufTokenTypes())
                .putArray("tokenizer.ggml.merges", GgufValueType.STRING, List.of())
                .putUInt32("tokenizer.ggml.eos_token_id", vocabulary.imEndId())
                .putUInt32("tokenizer.ggml.padding_token_id", vocabulary.endOfTextId())
                .putUInt32("tokenizer.ggml.bos_token_id", vocabulary.endOfTextId())
                .putBool("tokenizer.ggml.add_bos_token", false)
                .putString("tokenizer.chat_template", ChatTemplate.QWEN25_CHATML);
    }

    private static void addInert(GgufWriter writer, String name, GgmlType type, int inputs, int outputs) {
        writer.addTensor(name, type, dims(inputs, outputs), () -> {
            SplitMix64 random = new SplitMix64(name.hashCode());
            float[] values = new float[inputs * outputs];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextSignedUnit() * INERT_WEIGHT_RANGE;
            }
            return values;
        });
    }

    private static float[] oneHotRows(int width, int vocab) {
        float[] values = new float[width * vocab];
        for (int token = 0; token < vocab; token++) {
            values[token * width + token] = 1f;
        }
        return values;
    }

    private static float[] outputRows(int width, NextTokenTable table) {
        float scale = (float) (1 / StrictMath.sqrt(width));
        float[] values = new float[width * table.size()];
        for (int next = 0; next < table.size(); next++) {
            for (int previous = 0; previous < table.size(); previous++) {
                values[next * width + previous] = table.logit(previous, next) * scale;
            }
        }
        return values;
    }

    private static float[] filled(int length, float value) {
        float[] values = new float[length];
        java.util.Arrays.fill(values, value);
        return values;
    }

    private static long[] dims(long... dims) {
        return dims;
    }
}
