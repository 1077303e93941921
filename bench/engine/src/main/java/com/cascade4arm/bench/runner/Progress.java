package com.cascade4arm.bench.runner;

/** Requests finished so far (all targets) out of the run's total, and the concurrency level being run. */
public record Progress(String runId, int done, int total, int level) {
}
