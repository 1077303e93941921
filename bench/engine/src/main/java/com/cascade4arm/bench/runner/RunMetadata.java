package com.cascade4arm.bench.runner;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Facts about the system under test that only the caller knows (all optional): rulebook version, git commit, the
 * model servers behind a target (the gateway's tiers), which the run records next to the targets' own /props, and the
 * rulebook's category of a prompt ({@code categoryOf}, null when there is no rulebook), for the run's
 * {@link CategoryConfusion}. The servers are probed lazily, on the run's thread, so starting a run never waits for a
 * slow /props.
 */
public record RunMetadata(String rulesVersion, String gitCommit, Supplier<List<RunEnvironment.Endpoint>> endpointProbe,
                          Function<String, String> categoryOf) {

    public static final RunMetadata NONE = new RunMetadata(null, null, List::of, null);

    public RunMetadata {
        endpointProbe = endpointProbe == null ? List::of : endpointProbe;
    }

    public RunMetadata(String rulesVersion, String gitCommit) {
        this(rulesVersion, gitCommit, List::of, null);
    }

    public RunMetadata(String rulesVersion, String gitCommit, Supplier<List<RunEnvironment.Endpoint>> endpointProbe) {
        this(rulesVersion, gitCommit, endpointProbe, null);
    }

    /** The model servers behind the targets, probed now. */
    public List<RunEnvironment.Endpoint> endpoints() {
        List<RunEnvironment.Endpoint> endpoints = endpointProbe.get();
        return endpoints == null ? List.of() : List.copyOf(endpoints);
    }
}
