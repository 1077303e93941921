package com.cascade4arm.bench.hosts;

import com.cascade4arm.host.HostConfig;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * HostBench's command line: {@code [--runs N] [--tokens N] [--threads N] [--draft-max N] [--draft-p-min P]
 * [--llama-server PATH]}. Defaults: 1 run, 64 tokens, all cores, the host's draft settings, the in-process host.
 */
record HostBenchOptions(int runs, int tokens, int threads, int draftMax, float draftPMin, Path llamaServer) {
    static final int DEFAULT_RUNS = 1;
    static final int DEFAULT_TOKENS = 64;

    static HostBenchOptions parse(String[] args) {
        int runs = DEFAULT_RUNS;
        int tokens = DEFAULT_TOKENS;
        int threads = Runtime.getRuntime().availableProcessors();
        int draftMax = HostConfig.DEFAULT_DRAFT_MAX_TOKENS;
        float draftPMin = HostConfig.DEFAULT_DRAFT_P_MIN;
        Path llamaServer = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            if (value == null) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--runs" -> runs = positive("--runs", value);
                case "--tokens" -> tokens = positive("--tokens", value);
                case "--threads" -> threads = positive("--threads", value);
                case "--draft-max" -> draftMax = positive("--draft-max", value);
                case "--draft-p-min" -> draftPMin = Float.parseFloat(value);
                case "--llama-server" -> llamaServer = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'; usage: HostBench [--runs N]"
                        + " [--tokens N] [--threads N] [--draft-max N] [--draft-p-min P] [--llama-server PATH]");
            }
            i++;
        }
        if (llamaServer != null && !Files.isExecutable(llamaServer)) {
            throw new IllegalArgumentException("--llama-server must be an executable file, but was '" + llamaServer + "'");
        }
        return new HostBenchOptions(runs, tokens, threads, draftMax, draftPMin, llamaServer);
    }

    String engine() {
        return llamaServer == null ? "llama-host (in-process llama.cpp)" : "llama-server " + llamaServer;
    }

    private static int positive(String name, String value) {
        int parsed = Integer.parseInt(value);
        if (parsed < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, but was " + parsed);
        }
        return parsed;
    }
}
