package com.cascade4arm.demomodels.gguf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Q80QuantizerTest {
    @Test
    void storesEachBlockAsFp16ScaleAndThirtyTwoSignedBytes() {
        float[] values = new float[32];
        for (int i = 0; i < 32; i++) {
            values[i] = (i - 16) / 16f; // -1 .. 0.9375
        }
        ByteBuffer out = ByteBuffer.allocate(34).order(ByteOrder.LITTLE_ENDIAN);
        Q80Quantizer.quantize(values, out);

        out.flip();
        float scale = HalfFloat.toFloat(out.getShort());
        assertThat(scale).as("scale = max|x| / 127").isCloseTo(1f / 127, within(1e-5f));
        assertThat(out.get()).as("-1.0 quantizes to -127").isEqualTo((byte) -127);
        out.position(2 + 16);
        assertThat(out.get()).as("0.0 quantizes to 0").isEqualTo((byte) 0);
    }

    @Test
    void roundTripsWithinHalfAQuantizationStep() {
        Random random = new Random(42);
        float[] values = new float[32 * 64];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) random.nextGaussian() * (1 + i / 32);
        }
        ByteBuffer out = ByteBuffer.allocate(34 * 64).order(ByteOrder.LITTLE_ENDIAN);
        Q80Quantizer.quantize(values, out);
        float[] decoded = Q80Quantizer.dequantize(out.flip(), values.length);

        for (int block = 0; block < 64; block++) {
            float absMax = 0;
            for (int j = 0; j < 32; j++) {
                absMax = Math.max(absMax, Math.abs(values[block * 32 + j]));
            }
            float step = absMax / 127;
            for (int j = 0; j < 32; j++) {
                int i = block * 32 + j;
                assertThat(decoded[i]).as("value %d", i).isCloseTo(values[i], within(step * 0.51f + absMax * 1e-3f));
            }
        }
    }

    @Test
    void zeroBlockDecodesToExactZeros() {
        ByteBuffer out = ByteBuffer.allocate(34).order(ByteOrder.LITTLE_ENDIAN);
        Q80Quantizer.quantize(new float[32], out);
        assertThat(Q80Quantizer.dequantize(out.flip(), 32)).containsOnly(0f);
    }

    @Test
    void roundsHalfwayValuesAwayFromZeroLikeGgml() {
        float[] values = new float[32];
        values[0] = 127f;  // scale 1
        values[1] = 2.5f;
        values[2] = -2.5f;
        ByteBuffer out = ByteBuffer.allocate(34).order(ByteOrder.LITTLE_ENDIAN);
        Q80Quantizer.quantize(values, out);
        assertThat(out.get(2 + 1)).isEqualTo((byte) 3);
        assertThat(out.get(2 + 2)).isEqualTo((byte) -3);
    }

    @Test
    void rejectsValueCountsThatAreNotWholeBlocks() {
        ByteBuffer out = ByteBuffer.allocate(64);
        assertThatThrownBy(() -> Q80Quantizer.quantize(new float[33], out))
                .hasMessageContaining("multiple of 32").hasMessageContaining("33");
    }
}
