package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What a run measured on, recorded so two runs are compared only when they are comparable: the machine the load ran
 * from, its JVM, and per endpoint what its {@code GET /props} says (llama-server's build, model file, its sha256 when
 * the server reports it, slots). The gateway adds the model servers behind it ({@link RunMetadata#endpoints()}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunEnvironment(Machine machine, String jvm, List<Endpoint> endpoints) {

    /** The load generator's machine: logical cores, CPU model, total memory in bytes, OS and architecture. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Machine(int cores, String cpuModel, long memoryBytes, String os) {
    }

    /**
     * One endpoint: a name ("cascade", "tier small"), whether /props answered ({@code error} says why not), the engine
     * build, model file and its sha256, slots, and the raw default generation settings.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Endpoint(String name, String buildInfo, String modelPath, String modelSha256, Integer totalSlots,
                           JsonNode defaultGenerationSettings, String error) {
    }
}
