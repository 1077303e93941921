package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.InvalidBenchConfigException;
import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.bench.runner.TargetConfig;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.routes.config.CascadeConfig;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The benchmark's keys ({@code cascade.bench.*}: {@link #config()}) with what is built from them at startup: where runs
 * are stored (under the data directory by default) and the config of the scheduled runs, checked against the prompt
 * suite now so a bad value fails the start with the key and the value named (targets are added when a run starts).
 */
public record BenchSettings(BenchmarkConfig config, Path resultsDir, BenchConfig scheduledConfig) {
    /** From the bound cascade.bench.* keys ({@link BenchmarkConfig}); {@code dataDir} is the resolved cascade.data-dir. */
    public static BenchSettings from(CascadeConfig config, Path dataDir) {
        BenchmarkConfig bench = config.bench();
        BenchmarkConfig.Schedule schedule = bench.schedule();
        BenchConfig scheduled = new BenchConfig(PromptSelection.first(schedule.prompts()),
                levels("cascade.bench.schedule.levels", schedule.levels()), schedule.requestsPerLevel(),
                schedule.maxTokens(), null, null, null, null, schedule.fixedLength(), null);
        // Validated now (with a stand-in target), not at the first tick hours later.
        try {
            scheduled.withTargets(List.of(new TargetConfig("probe", "http://127.0.0.1", "auto"))).validate(PromptSuite.load());
        } catch (InvalidBenchConfigException e) {
            throw new IllegalArgumentException("cascade.bench.schedule.* is invalid: " + e.getMessage(), e);
        }
        // Results live in cascade.data-dir/bench unless cascade.bench.results-dir says otherwise.
        return new BenchSettings(bench, bench.resultsDir().map(Path::of).orElseGet(() -> dataDir.resolve("bench")), scheduled);
    }

    private static List<Integer> levels(String key, String text) {
        try {
            return Arrays.stream(text.split(",")).map(part -> Integer.parseInt(part.trim())).toList();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be comma-separated integers, but was " + text);
        }
    }
}
