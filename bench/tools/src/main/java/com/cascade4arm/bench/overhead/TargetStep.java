package com.cascade4arm.bench.overhead;

/**
 * One target at one offered rate in {@link ThroughputBench}: what its requests measured and what the processes spent
 * meanwhile — the target's own CPU (the upstream's, for the direct target) and its wait for one, the load generator's
 * and the upstream's CPU —
 * and how busy each CPU of the machine was.
 */
record TargetStep(String target, double offered, StepSamples samples, double targetCpuNs, double targetWaitNs,
                  double loadCpuNs, double upstreamCpuNs, double[] cpuBusyPercent) {

    /** The target's CPU as a share of one CPU over the step's wall time. */
    double targetCpuPercent() {
        return 100 * targetCpuNs / (samples.wallSeconds() * 1e9);
    }

    /** Milliseconds of CPU per answered request: of the target, the load generator, the upstream. */
    double targetMsPerRequest() {
        return perRequest(targetCpuNs);
    }

    /** How long the target's threads waited for a CPU per answered request (others' work on its CPU). */
    double targetWaitMsPerRequest() {
        return perRequest(targetWaitNs);
    }

    double loadMsPerRequest() {
        return perRequest(loadCpuNs);
    }

    double upstreamMsPerRequest() {
        return perRequest(upstreamCpuNs);
    }

    int failures() {
        return samples.errors() + samples.dropped();
    }

    private double perRequest(double nanos) {
        return samples.ok() > 0 ? nanos / samples.ok() / 1e6 : Double.NaN;
    }
}
