package com.cascade4arm.demomodels.gguf;

import java.nio.ByteBuffer;

/**
 * ggml's Q4_0 block format: 32 weights share one fp16 scale, each stored as a 4-bit code (18 bytes per block). Values
 * that are 0 or one shared magnitude per block (the demo draft's weights) come out exact.
 */
public final class Q40Quantizer {
    /** Weights per block (ggml QK4_0). */
    public static final int BLOCK_SIZE = 32;
    /** Bytes per block: fp16 scale + 16 bytes of nibbles. */
    public static final int BLOCK_BYTES = 2 + BLOCK_SIZE / 2;

    private Q40Quantizer() {
    }

    /** Appends the Q4_0 encoding of {@code values} (length a multiple of 32) to a little-endian buffer. */
    public static void quantize(float[] values, ByteBuffer out) {
        if (values.length % BLOCK_SIZE != 0) {
            throw new IllegalArgumentException("Q4_0 needs a multiple of " + BLOCK_SIZE + " values, but got " + values.length);
        }
        int half = BLOCK_SIZE / 2;
        for (int start = 0; start < values.length; start += BLOCK_SIZE) {
            float absMax = 0f;
            float max = 0f;
            for (int j = 0; j < BLOCK_SIZE; j++) {
                float value = values[start + j];
                if (Math.abs(value) > absMax) {
                    absMax = Math.abs(value);
                    max = value;
                }
            }
            // same arithmetic as ggml's quantize_row_q4_0_ref: the largest magnitude maps to code 0 (-8 * scale)
            float scale = max / -8f;
            float inverse = scale != 0f ? 1f / scale : 0f;
            out.putShort(HalfFloat.fromFloat(scale));
            for (int j = 0; j < half; j++) {
                int low = Math.min(15, (int) (byte) (values[start + j] * inverse + 8.5f));
                int high = Math.min(15, (int) (byte) (values[start + half + j] * inverse + 8.5f));
                out.put((byte) (low | (high << 4)));
            }
        }
    }

    /** Decodes {@code count} values from Q4_0 blocks at the buffer's position. */
    public static float[] dequantize(ByteBuffer in, int count) {
        float[] values = new float[count];
        int half = BLOCK_SIZE / 2;
        for (int start = 0; start < count; start += BLOCK_SIZE) {
            float scale = HalfFloat.toFloat(in.getShort());
            for (int j = 0; j < half; j++) {
                int packed = in.get() & 0xff;
                values[start + j] = ((packed & 0x0f) - 8) * scale;
                values[start + half + j] = ((packed >>> 4) - 8) * scale;
            }
        }
        return values;
    }
}
