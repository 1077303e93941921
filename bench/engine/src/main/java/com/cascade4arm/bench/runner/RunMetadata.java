package com.cascade4arm.bench.runner;

import java.util.List;
import java.util.function.Supplier;

/**
 * Facts about the system under test that only the caller knows (all optional): rulebook version, git commit, and the
 * model servers behind a target (the gateway's tiers), which the run records next to the targets' own /props. The
 * servers are probed lazily, on the run's thread, so starting a run never waits for a slow /props.
 */
public record RunMetadata(String rulesVersion, String gitCommit, Supplier<List<RunEnvironment.Endpoint>> endpointProbe) {

    public static final RunMetadata NONE = new RunMetadata(null, null, List::of);

    public RunMetadata {
        endpointProbe = endpointProbe == null ? List::of : endpointProbe;
    }

    public RunMetadata(String rulesVersion, String gitCommit) {
        this(rulesVersion, gitCommit, List::of);
    }

    /** The model servers behind the targets, probed now. */
    public List<RunEnvironment.Endpoint> endpoints() {
        List<RunEnvironment.Endpoint> endpoints = endpointProbe.get();
        return endpoints == null ? List.of() : List.copyOf(endpoints);
    }
}
