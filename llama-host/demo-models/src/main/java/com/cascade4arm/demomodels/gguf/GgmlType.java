package com.cascade4arm.demomodels.gguf;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** The ggml tensor types this writer can encode, with their codes from ggml.h {@code enum ggml_type}. */
public enum GgmlType {
    F32(0, 1, 4),
    F16(1, 1, 2),
    Q4_0(2, Q40Quantizer.BLOCK_SIZE, Q40Quantizer.BLOCK_BYTES);

    private final int code;
    private final int blockSize;
    private final int blockBytes;

    GgmlType(int code, int blockSize, int blockBytes) {
        this.code = code;
        this.blockSize = blockSize;
        this.blockBytes = blockBytes;
    }

    public int code() {
        return code;
    }

    public static GgmlType ofCode(int code) {
        return Arrays.stream(values()).filter(type -> type.code == code).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unsupported ggml type code " + code));
    }

    /** Bytes taken by a tensor whose innermost dimension is {@code rowLength}, with {@code elements} in total. */
    public long byteSize(long rowLength, long elements) {
        if (rowLength % blockSize != 0) {
            throw new IllegalArgumentException(name() + " needs rows that are a multiple of " + blockSize
                    + " elements, but the row length was " + rowLength);
        }
        return elements / blockSize * blockBytes;
    }

    /** Appends the encoding of {@code values} to a little-endian buffer with enough room. */
    public void encode(float[] values, ByteBuffer out) {
        switch (this) {
            case F32 -> {
                out.asFloatBuffer().put(values); // a bulk copy through a view in the buffer's byte order
                out.position(out.position() + Float.BYTES * values.length);
            }
            case F16 -> {
                for (float value : values) {
                    out.putShort(HalfFloat.fromFloat(value));
                }
            }
            case Q4_0 -> Q40Quantizer.quantize(values, out);
        }
    }

    /** Decodes {@code count} values at the buffer's position (the inverse of {@link #encode}, up to rounding). */
    public float[] decode(ByteBuffer in, int count) {
        float[] values = new float[count];
        switch (this) {
            case F32 -> {
                for (int i = 0; i < count; i++) {
                    values[i] = in.getFloat();
                }
            }
            case F16 -> {
                for (int i = 0; i < count; i++) {
                    values[i] = HalfFloat.toFloat(in.getShort());
                }
            }
            case Q4_0 -> values = Q40Quantizer.dequantize(in, count);
        }
        return values;
    }
}
