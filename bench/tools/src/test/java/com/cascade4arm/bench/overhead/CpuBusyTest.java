package com.cascade4arm.bench.overhead;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CpuBusyTest {

    @Test
    void busyShareOfEachCpuBetweenTwoReadings() {
        // Fields: user nice system idle iowait irq softirq steal guest guest_nice (jiffies).
        CpuBusy before = CpuBusy.parse("cpu  300 0 100 900 0 0 0 0 0 0\n"
                + "cpu0 100 0 50 400 0 0 0 0 0 0\ncpu1 200 0 50 500 0 0 0 0 0 0\nintr 1 2 3\n");
        CpuBusy after = CpuBusy.parse("cpu  0 0 0 0 0 0 0 0 0 0\n"
                + "cpu0 180 0 70 400 0 0 0 0 0 0\ncpu1 210 0 50 580 10 0 0 0 50 0\n");
        double[] percent = after.percentSince(before);
        assertThat(percent).hasSize(2);
        assertThat(percent[0]).as("cpu0: 100 of 100 jiffies busy").isCloseTo(100, within(1e-9));
        assertThat(percent[1]).as("cpu1: 10 busy of 100; iowait idle, guest already in user")
                .isCloseTo(10, within(1e-9));
    }
}
