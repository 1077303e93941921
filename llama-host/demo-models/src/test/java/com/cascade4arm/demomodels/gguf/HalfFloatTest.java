package com.cascade4arm.demomodels.gguf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class HalfFloatTest {
    @ParameterizedTest(name = "{0} -> 0x{1}")
    @CsvSource({
        "1.0, 3c00",
        "-2.0, c000",
        "0.5, 3800",
        "65504, 7bff",
        "0.0, 0000",
        "-0.0, 8000",
        "5.9604645E-8, 0001",      // smallest subnormal, 2^-24
        "6.1035156E-5, 0400",      // smallest normal, 2^-14
        "1.00048828125, 3c00",     // exactly halfway between 1 and the next half: rounds to even (down)
        "1.00146484375, 3c02",     // halfway between 0x3c01 and 0x3c02: rounds to even (up)
        "70000, 7c00",             // overflow to infinity
        "2.0E-8, 0000"             // underflow below half the smallest subnormal
    })
    void encodesLikeIeeeBinary16RoundingToNearestEven(float value, String hexBits) {
        assertThat(HalfFloat.fromFloat(value) & 0xffff).isEqualTo(Integer.parseInt(hexBits, 16));
    }

    @Test
    void everyFiniteHalfValueRoundTripsThroughFloat() {
        for (int bits = 0; bits < 0x10000; bits++) {
            if ((bits & 0x7c00) == 0x7c00) {
                continue; // infinities and NaNs
            }
            float value = HalfFloat.toFloat((short) bits);
            assertThat(HalfFloat.fromFloat(value) & 0xffff).as("bits 0x%04x", bits).isEqualTo(bits);
        }
    }

    @Test
    void keepsInfinityAndNan() {
        assertThat(HalfFloat.toFloat(HalfFloat.fromFloat(Float.POSITIVE_INFINITY))).isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(HalfFloat.toFloat(HalfFloat.fromFloat(Float.NaN))).isNaN();
    }
}
