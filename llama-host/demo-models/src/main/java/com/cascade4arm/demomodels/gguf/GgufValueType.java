package com.cascade4arm.demomodels.gguf;

import java.util.Arrays;

/** GGUF metadata value types with their on-disk codes (gguf.h {@code enum gguf_type}). */
public enum GgufValueType {
    UINT8(0, 1),
    INT8(1, 1),
    UINT16(2, 2),
    INT16(3, 2),
    UINT32(4, 4),
    INT32(5, 4),
    FLOAT32(6, 4),
    BOOL(7, 1),
    STRING(8, -1),
    ARRAY(9, -1),
    UINT64(10, 8),
    INT64(11, 8),
    FLOAT64(12, 8);

    private final int code;
    private final int fixedSize;

    GgufValueType(int code, int fixedSize) {
        this.code = code;
        this.fixedSize = fixedSize;
    }

    public int code() {
        return code;
    }

    /** Size in bytes of one value, or -1 for the variable-length STRING and ARRAY. */
    public int fixedSize() {
        return fixedSize;
    }

    public static GgufValueType ofCode(int code) {
        return Arrays.stream(values()).filter(type -> type.code == code).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown GGUF value type code " + code));
    }
}
