package com.cascade4arm.bench.overhead;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time a process's threads have run, from Linux's {@code /proc/<pid>/task/<tid>/schedstat} (first field, ns) — what
 * gateway-overhead.sh reads too — so a gateway's CPU per request can be taken between two readings.
 */
final class ProcessCpu {

    private ProcessCpu() {
    }

    /** The CPU time of the process's live threads in nanoseconds; NaN when {@code pid} is unknown or not readable. */
    static double nanos(Long pid) {
        return sum(pid, 0);
    }

    /**
     * How long the process's live threads waited, runnable, for a CPU (the run queue, schedstat's second field) in
     * nanoseconds: what other work on its CPUs cost it. NaN as {@link #nanos}.
     */
    static double waitingNanos(Long pid) {
        return sum(pid, 1);
    }

    private static double sum(Long pid, int field) {
        if (pid == null) {
            return Double.NaN;
        }
        try (Stream<Path> threads = Files.list(Path.of("/proc", pid.toString(), "task"))) {
            return threads.mapToDouble(thread -> threadNanos(thread, field)).sum();
        } catch (IOException | UncheckedIOException e) {
            return Double.NaN;
        }
    }

    private static double threadNanos(Path thread, int field) {
        try {
            return Double.parseDouble(Files.readString(thread.resolve("schedstat")).trim().split(" ")[field]);
        } catch (IOException e) {
            return 0; // the thread ended between listing and reading: like every ended thread, it is not counted
        }
    }
}
