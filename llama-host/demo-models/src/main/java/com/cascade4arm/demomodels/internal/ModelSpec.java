package com.cascade4arm.demomodels.internal;

import com.cascade4arm.demomodels.gguf.GgmlType;

/**
 * Shape and encoding of one generated qwen2 model: the designed block (the draft's or the target's neurons), followed
 * by {@code paddingBlocks} inert blocks that compute like real ones but add nothing, so per-token cost can be set
 * independently of behaviour.
 *
 * @param weightType type of the matrices (token embeddings are always F16, norms and biases F32)
 */
public record ModelSpec(String id, String displayName, GgmlType weightType, int paddingBlocks, boolean draft) {
    /** llama.cpp general.file_type values (enum llama_ftype). */
    static final int FILE_TYPE_ALL_F32 = 0;
    static final int FILE_TYPE_MOSTLY_F16 = 1;
    static final int FILE_TYPE_MOSTLY_Q4_0 = 2;

    public ModelSpec {
        if (paddingBlocks < 0) {
            throw new IllegalArgumentException("paddingBlocks must be >= 0, but was " + paddingBlocks);
        }
    }

    public int blockCount() {
        return 1 + paddingBlocks;
    }

    public int fileType() {
        return switch (weightType) {
            case F32 -> FILE_TYPE_ALL_F32;
            case F16 -> FILE_TYPE_MOSTLY_F16;
            case Q4_0 -> FILE_TYPE_MOSTLY_Q4_0;
        };
    }
}
