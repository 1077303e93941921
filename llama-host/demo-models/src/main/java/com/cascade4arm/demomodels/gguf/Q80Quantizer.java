package com.cascade4arm.demomodels.gguf;

import java.nio.ByteBuffer;

/** ggml's Q8_0 block format: 32 weights share one fp16 scale, each stored as an int8 (34 bytes per block). */
public final class Q80Quantizer {
    /** Weights per block (ggml QK8_0). */
    public static final int BLOCK_SIZE = 32;
    /** Bytes per block: fp16 scale + 32 int8. */
    public static final int BLOCK_BYTES = 2 + BLOCK_SIZE;

    private Q80Quantizer() {
    }

    /** Appends the Q8_0 encoding of {@code values} (length a multiple of 32) to a little-endian buffer. */
    public static void quantize(float[] values, ByteBuffer out) {
        if (values.length % BLOCK_SIZE != 0) {
            throw new IllegalArgumentException("Q8_0 needs a multiple of " + BLOCK_SIZE + " values, but got " + values.length);
        }
        for (int start = 0; start < values.length; start += BLOCK_SIZE) {
            float absMax = 0f;
            for (int j = 0; j < BLOCK_SIZE; j++) {
                absMax = Math.max(absMax, Math.abs(values[start + j]));
            }
            // same arithmetic as ggml's quantize_row_q8_0_ref, so the bytes match llama-quantize's
            float scale = absMax / 127f;
            float inverse = scale != 0f ? 1f / scale : 0f;
            out.putShort(HalfFloat.fromFloat(scale));
            for (int j = 0; j < BLOCK_SIZE; j++) {
                out.put((byte) roundHalfAwayFromZero(values[start + j] * inverse));
            }
        }
    }

    /** Decodes {@code count} values from Q8_0 blocks at the buffer's position. */
    public static float[] dequantize(ByteBuffer in, int count) {
        float[] values = new float[count];
        for (int start = 0; start < count; start += BLOCK_SIZE) {
            float scale = HalfFloat.toFloat(in.getShort());
            for (int j = 0; j < BLOCK_SIZE; j++) {
                values[start + j] = in.get() * scale;
            }
        }
        return values;
    }

    private static int roundHalfAwayFromZero(float value) {
        return (int) Math.copySign(Math.floor(Math.abs(value) + 0.5f), value);
    }
}
