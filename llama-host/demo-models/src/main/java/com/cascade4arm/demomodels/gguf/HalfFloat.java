package com.cascade4arm.demomodels.gguf;

/** IEEE 754 binary16 conversion (round to nearest even, as ggml and F16C do); Java 17 has no Float.floatToFloat16. */
public final class HalfFloat {
    private HalfFloat() {
    }

    /** The binary16 bits nearest to {@code value}. */
    public static short fromFloat(float value) {
        int bits = Float.floatToRawIntBits(value);
        int sign = (bits >>> 16) & 0x8000;
        int exponent = (bits >>> 23) & 0xff;
        int mantissa = bits & 0x7f_ffff;
        if (exponent == 0xff) {
            return (short) (sign | 0x7c00 | (mantissa != 0 ? 0x200 | (mantissa >>> 13) : 0));
        }
        int halfExponent = exponent - 127 + 15;
        if (halfExponent >= 0x1f) {
            return (short) (sign | 0x7c00);
        }
        if (halfExponent <= 0) {
            if (halfExponent < -10) {
                return (short) sign;
            }
            return (short) (sign | roundShift(mantissa | 0x80_0000, 14 - halfExponent));
        }
        // a carry out of the mantissa correctly bumps the exponent (up to infinity)
        return (short) (sign | roundShift((halfExponent << 23) | mantissa, 13));
    }

    /** The float value of binary16 {@code bits}. */
    public static float toFloat(short bits) {
        int h = bits & 0xffff;
        int sign = (h & 0x8000) << 16;
        int exponent = (h >>> 10) & 0x1f;
        int mantissa = h & 0x3ff;
        if (exponent == 0x1f) {
            return Float.intBitsToFloat(sign | 0x7f80_0000 | (mantissa << 13));
        }
        if (exponent == 0) {
            float magnitude = mantissa * 0x1p-24f;
            return sign != 0 ? -magnitude : magnitude;
        }
        return Float.intBitsToFloat(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
    }

    private static int roundShift(int value, int shift) {
        int kept = value >>> shift;
        int rest = value & ((1 << shift) - 1);
        int halfway = 1 << (shift - 1);
        if (rest > halfway || (rest == halfway && (kept & 1) == 1)) {
            kept++;
        }
        return kept;
    }
}
