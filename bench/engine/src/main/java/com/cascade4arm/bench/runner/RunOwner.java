package com.cascade4arm.bench.runner;

import java.time.Instant;
import java.util.Optional;

/** Names the current process as "pid@start-instant", so a later process can tell whether a run's owner still lives. */
final class RunOwner {

    private RunOwner() {
    }

    static String current() {
        ProcessHandle self = ProcessHandle.current();
        return self.pid() + "@" + self.info().startInstant().map(Instant::toString).orElse("?");
    }

    /** True when the process named by {@code owner} is still running (same pid and same start instant). */
    static boolean isAlive(String owner) {
        if (owner == null || !owner.contains("@")) {
            return false;
        }
        String[] parts = owner.split("@", 2);
        long pid;
        try {
            pid = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        return process.isPresent() && process.get().isAlive()
                && process.get().info().startInstant().map(Instant::toString).orElse("?").equals(parts[1]);
    }
}
