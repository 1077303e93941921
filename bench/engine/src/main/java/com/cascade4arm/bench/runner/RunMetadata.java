package com.cascade4arm.bench.runner;

import java.util.List;

/**
 * Facts about the system under test that only the caller knows (all optional): rulebook version, git commit, and the
 * model servers behind a target (the gateway's tiers), which the run records next to the targets' own /props.
 */
public record RunMetadata(String rulesVersion, String gitCommit, List<RunEnvironment.Endpoint> endpoints) {

    public static final RunMetadata NONE = new RunMetadata(null, null, List.of());

    public RunMetadata {
        endpoints = endpoints == null ? List.of() : List.copyOf(endpoints);
    }

    public RunMetadata(String rulesVersion, String gitCommit) {
        this(rulesVersion, gitCommit, List.of());
    }
}
