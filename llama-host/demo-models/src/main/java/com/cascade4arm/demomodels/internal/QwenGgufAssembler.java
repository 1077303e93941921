package com.cascade4arm.demomodels.internal;

import com.cascade4arm.demomodels.gguf.GgmlType;
import com.cascade4arm.demomodels.gguf.GgufValueType;
import com.cascade4arm.demomodels.gguf.GgufWriter;
import com.cascade4arm.demomodels.internal.design.DemoDesign;
import com.cascade4arm.demomodels.internal.design.DesignedBlock;
import com.cascade4arm.demomodels.internal.design.Layout;
import com.cascade4arm.demomodels.internal.design.PreviousTokenHead;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Lays the demo design out as a llama.cpp qwen2 GGUF: metadata (BPE tokenizer with merges, ChatML template), token
 * embeddings, the designed block 0, inert padding blocks (random attention and FFN inputs, zero outputs: they cost
 * compute and memory traffic and add exactly zero) and the output layer. Same spec, same bytes.
 */
public final class QwenGgufAssembler {
    /** Longest context the previous-token head is checked for (see PreviousTokenHead). */
    static final int CONTEXT_LENGTH = 8_192;
    static final float RMS_NORM_EPSILON = 1e-6f;
    /** Range of the random (but inert) weights of padding blocks. */
    static final float INERT_WEIGHT_RANGE = 0.05f;
    static final int QUANTIZATION_VERSION = 2;

    private QwenGgufAssembler() {
    }

    public static GgufWriter assemble(ModelSpec spec, DemoDesign design) {
        DesignedBlock block = new DesignedBlock(design, spec.draft());
        GgufWriter writer = new GgufWriter();
        writeMetadata(writer, spec, design.vocabulary(), block.feedForwardLength());
        int width = Layout.WIDTH;
        int kv = Layout.KV_WIDTH;
        int ff = block.feedForwardLength();
        int vocab = block.vocabularySize();
        GgmlType type = spec.weightType();
        writer.addTensor("token_embd.weight", GgmlType.F16, dims(width, vocab), block::tokenEmbeddings);
        for (int b = 0; b < spec.blockCount(); b++) {
            String prefix = "blk." + b + ".";
            boolean designed = b == 0;
            writer.addTensor(prefix + "attn_norm.weight", GgmlType.F32, dims(width), () -> ones(width));
            add(writer, prefix + "attn_q.weight", type, width, width, designed ? () -> new float[width * width] : null);
            writer.addTensor(prefix + "attn_q.bias", GgmlType.F32, dims(width),
                    designed ? block::queryBias : () -> new float[width]);
            add(writer, prefix + "attn_k.weight", type, width, kv, designed ? block::keyWeights : null);
            writer.addTensor(prefix + "attn_k.bias", GgmlType.F32, dims(kv), designed ? block::keyBias : () -> new float[kv]);
            add(writer, prefix + "attn_v.weight", type, width, kv, designed ? block::valueWeights : null);
            writer.addTensor(prefix + "attn_v.bias", GgmlType.F32, dims(kv), () -> new float[kv]);
            writer.addTensor(prefix + "attn_output.weight", type, dims(width, width),
                    designed ? block::outputProjection : () -> new float[width * width]);
            writer.addTensor(prefix + "ffn_norm.weight", GgmlType.F32, dims(width), () -> ones(width));
            add(writer, prefix + "ffn_gate.weight", type, width, ff, designed ? block::gate : null);
            add(writer, prefix + "ffn_up.weight", type, width, ff, designed ? block::up : null);
            writer.addTensor(prefix + "ffn_down.weight", type, dims(ff, width),
                    designed ? block::down : () -> new float[ff * width]);
        }
        writer.addTensor("output_norm.weight", GgmlType.F32, dims(width), () -> ones(width));
        writer.addTensor("output.weight", type, dims(width, vocab), block::output);
        return writer;
    }

    private static void writeMetadata(GgufWriter writer, ModelSpec spec, BpeVocabulary vocabulary, int feedForward) {
        writer.putString("general.architecture", "qwen2")
                .putString("general.type", "model")
                .putString("general.name", spec.displayName())
                .putString("general.description", "Generated demo model: recites hand-written answers chosen by "
                        + "the prompt's topic (not a trained LLM)")
                .putUInt32("general.file_type", spec.fileType())
                .putUInt32("general.quantization_version", QUANTIZATION_VERSION)
                .putUInt32("general.alignment", GgufWriter.ALIGNMENT)
                .putUInt32("qwen2.block_count", spec.blockCount())
                .putUInt32("qwen2.context_length", CONTEXT_LENGTH)
                .putUInt32("qwen2.embedding_length", Layout.WIDTH)
                .putUInt32("qwen2.feed_forward_length", feedForward)
                .putUInt32("qwen2.attention.head_count", Layout.HEAD_COUNT)
                .putUInt32("qwen2.attention.head_count_kv", Layout.HEAD_COUNT_KV)
                .putFloat32("qwen2.rope.freq_base", PreviousTokenHead.ROPE_FREQ_BASE)
                .putFloat32("qwen2.attention.layer_norm_rms_epsilon", RMS_NORM_EPSILON)
                .putString("tokenizer.ggml.model", "gpt2")
                .putString("tokenizer.ggml.pre", "qwen2")
                .putArray("tokenizer.ggml.tokens", GgufValueType.STRING, vocabulary.spellings())
                .putArray("tokenizer.ggml.token_type", GgufValueType.INT32, vocabulary.tokenTypes())
                .putArray("tokenizer.ggml.merges", GgufValueType.STRING, vocabulary.merges())
                .putUInt32("tokenizer.ggml.eos_token_id", vocabulary.imEndId())
                .putUInt32("tokenizer.ggml.padding_token_id", vocabulary.endOfTextId())
                .putUInt32("tokenizer.ggml.bos_token_id", vocabulary.endOfTextId())
                .putBool("tokenizer.ggml.add_bos_token", false)
                .putString("tokenizer.chat_template", ChatTemplate.QWEN25_CHATML);
    }

    /** A matrix: designed data, or (null) random inert inputs of a padding block. */
    private static void add(GgufWriter writer, String name, GgmlType type, int inputs, int outputs, Supplier<float[]> data) {
        writer.addTensor(name, type, dims(inputs, outputs), data != null ? data : () -> {
            SplitMix64 random = new SplitMix64(name.hashCode());
            float[] values = new float[inputs * outputs];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextSignedUnit() * INERT_WEIGHT_RANGE;
            }
            return values;
        });
    }

    private static float[] ones(int length) {
        float[] values = new float[length];
        Arrays.fill(values, 1f);
        return values;
    }

    private static long[] dims(long... dims) {
        return dims;
    }
}
