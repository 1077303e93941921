package com.cascade4arm.host.demo.internal;

import com.cascade4arm.host.demo.gguf.GgmlType;

/**
 * Shape and encoding of one generated qwen2 model. Compute per token grows with blockCount (each block is a real
 * attention + SwiGLU FFN that happens to add zero), so layer counts set the 1 : 3 : 6 cost ratio of the family.
 */
public record ModelSpec(String id, String displayName, int blockCount, int embeddingLength, int feedForwardLength,
                        int headCount, int headCountKv, GgmlType weightType, TableVariant table) {
    /** llama.cpp general.file_type values (enum llama_ftype). */
    static final int FILE_TYPE_ALL_F32 = 0;
    static final int FILE_TYPE_MOSTLY_F16 = 1;
    static final int FILE_TYPE_MOSTLY_Q8_0 = 7;

    /** Which next-token table the model carries. */
    public enum TableVariant {
        /** Counted from a subsample of the corpus, disagreeing on some greedy steps: the draft model. */
        DRAFT,
        /** Counted from the whole corpus: the target and baseline models. */
        TARGET
    }

    public ModelSpec {
        if (embeddingLength % headCount != 0 || headCount % headCountKv != 0) {
            throw new IllegalArgumentException("heads must divide the width: embeddingLength " + embeddingLength
                    + ", headCount " + headCount + ", headCountKv " + headCountKv);
        }
    }

    public int headDimension() {
        return embeddingLength / headCount;
    }

    /** Width of the K and V projections (grouped-query attention). */
    public int kvWidth() {
        return headDimension() * headCountKv;
    }

    public int fileType() {
        return switch (weightType) {
            case F32 -> FILE_TYPE_ALL_F32;
            case F16 -> FILE_TYPE_MOSTLY_F16;
            case Q8_0 -> FILE_TYPE_MOSTLY_Q8_0;
        };
    }
}
