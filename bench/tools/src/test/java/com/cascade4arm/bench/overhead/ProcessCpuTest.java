package com.cascade4arm.bench.overhead;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessCpuTest {

    @Test
    @EnabledOnOs(OS.LINUX)
    void countsTheCpuTimeThisProcessSpends() {
        long pid = ProcessHandle.current().pid();
        double before = ProcessCpu.nanos(pid);
        // Spin until this thread itself has run 50 ms of CPU (by the JVM's own count), however busy the machine is.
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long spinUntil = threads.getCurrentThreadCpuTime() + 50_000_000;
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() < spinUntil) {
            sink += sink * 31 + 7;
        }
        double spent = ProcessCpu.nanos(pid) - before;
        assertThat(spent).as("process CPU ns over a 50 ms CPU spin of one thread (sink %d)", sink)
                .isGreaterThanOrEqualTo(45_000_000);
    }

    @Test
    void isNotANumberForAnUnknownProcess() {
        assertThat(ProcessCpu.nanos(null)).isNaN();
        assertThat(ProcessCpu.nanos(Long.MAX_VALUE)).isNaN();
    }
}
