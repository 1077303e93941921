package com.cascade4arm.bench.jmh;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class CpuReferenceBenchmarkTest {

    @Test
    void theReferenceTakesAboutTheMicrosItIsCalibratedTo() {
        for (int micros : new int[] {50, 400}) {
            CpuReferenceBenchmark reference = new CpuReferenceBenchmark();
            reference.micros = micros;
            reference.calibrate();

            long[] nanos = new long[51];
            for (int i = 0; i < nanos.length; i++) {
                long start = System.nanoTime();
                reference.reference();
                nanos[i] = System.nanoTime() - start;
            }
            Arrays.sort(nanos);

            // the median, so that a neighbour's burst on this shared machine moves a few samples, not the verdict
            assertThat(nanos[nanos.length / 2] / 1_000.0).as("median of the reference calibrated to %d µs", micros)
                    .isBetween(micros / 2.0, micros * 2.0);
        }
    }
}
