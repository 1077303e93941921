package com.cascade4arm.bench.overhead;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How busy each CPU was between two readings of Linux's {@code /proc/stat} (every process on it, ours and anyone
 * else's): on a shared machine it tells whether the load generator's CPU, not the target, was the limit of a step.
 */
final class CpuBusy {
    private final long[] busy;
    private final long[] total;

    private CpuBusy(long[] busy, long[] total) {
        this.busy = busy;
        this.total = total;
    }

    /** Now; no CPUs when {@code /proc/stat} cannot be read (not Linux). */
    static CpuBusy read() {
        try {
            return parse(Files.readString(Path.of("/proc/stat")));
        } catch (IOException e) {
            return new CpuBusy(new long[0], new long[0]);
        }
    }

    /** From {@code /proc/stat}'s text: each {@code cpuN} line's jiffies, busy = all but idle and iowait. */
    static CpuBusy parse(String procStat) {
        List<long[]> cpus = new ArrayList<>();
        for (String line : procStat.split("\n")) {
            if (!line.matches("cpu\\d+ .*")) {
                continue;
            }
            String[] fields = line.trim().split("\\s+");
            long all = 0;
            for (int i = 1; i < fields.length && i <= 8; i++) { // user .. steal; guest time is already in user
                all += Long.parseLong(fields[i]);
            }
            long idle = Long.parseLong(fields[4]) + Long.parseLong(fields[5]);
            cpus.add(new long[]{all - idle, all});
        }
        return new CpuBusy(cpus.stream().mapToLong(c -> c[0]).toArray(), cpus.stream().mapToLong(c -> c[1]).toArray());
    }

    /** Per CPU, the busy share (0..100 %) from {@code earlier} to this reading. */
    double[] percentSince(CpuBusy earlier) {
        double[] percent = new double[Math.min(busy.length, earlier.busy.length)];
        for (int i = 0; i < percent.length; i++) {
            long elapsed = total[i] - earlier.total[i];
            percent[i] = elapsed > 0 ? 100.0 * (busy[i] - earlier.busy[i]) / elapsed : Double.NaN;
        }
        return percent;
    }
}
