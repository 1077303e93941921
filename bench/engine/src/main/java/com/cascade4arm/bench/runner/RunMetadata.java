package com.cascade4arm.bench.runner;

/** Facts about the system under test that only the caller knows (both optional): rulebook version and git commit. */
public record RunMetadata(String rulesVersion, String gitCommit) {

    public static final RunMetadata NONE = new RunMetadata(null, null);
}
