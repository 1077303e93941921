package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.host.HostConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line HostBench and SpeculativeStepBench share (picocli fills the fields). Defaults: 1 run, 64 tokens,
 * all cores, the host's draft settings, the in-process host.
 */
@Command(sortOptions = false)
final class HostBenchOptions {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;
    @Option(names = "--runs", paramLabel = "N", description = "passes over the prompts (default ${DEFAULT-VALUE})")
    int runs = 1;
    @Option(names = "--tokens", paramLabel = "N", description = "max_tokens per answer (default ${DEFAULT-VALUE})")
    int tokens = 64;
    @Option(names = "--threads", paramLabel = "N", description = "llama.cpp threads (default: all cores)")
    int threads = Runtime.getRuntime().availableProcessors();
    @Option(names = "--draft-max", paramLabel = "N", description = "draft tokens per step at most (default: the host's)")
    int draftMax = HostConfig.DEFAULT_DRAFT_MAX_TOKENS;
    @Option(names = "--draft-p-min", paramLabel = "P", description = "draft acceptance floor (default: the host's)")
    float draftPMin = HostConfig.DEFAULT_DRAFT_P_MIN;
    @Option(names = "--llama-server", paramLabel = "PATH",
            description = "measure real llama-server processes instead of the in-process host")
    Path llamaServer;

    /** Fills the options from {@code args}, or exits after printing the help or what was wrong. */
    static HostBenchOptions parseOrExit(String name, String[] args) {
        HostBenchOptions options = new HostBenchOptions();
        return Arguments.parseOrExit(options, name, args, options::check);
    }

    void check() {
        atLeastOne("--runs", runs);
        atLeastOne("--tokens", tokens);
        atLeastOne("--threads", threads);
        atLeastOne("--draft-max", draftMax);
        if (llamaServer != null && !Files.isExecutable(llamaServer)) {
            throw new IllegalArgumentException("--llama-server must be an executable file, but was '" + llamaServer + "'");
        }
    }

    String engine() {
        return llamaServer == null ? "llama-host (in-process llama.cpp)" : "llama-server " + llamaServer;
    }

    private static void atLeastOne(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, but was " + value);
        }
    }
}
