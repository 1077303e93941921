package com.cascade4arm.routes.bench;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.InvalidBenchConfigException;
import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.bench.runner.TargetConfig;
import com.cascade4arm.bench.suite.PromptSuite;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The benchmark's settings (keys under {@code cascade.bench.*}, documented in application.properties): where runs are
 * stored, the git commit to record, and the optional schedule with the config of its runs (targets are added when a
 * run starts). Read and checked at startup, so a bad value fails the start with the key and the value named.
 */
public record BenchSettings(Path resultsDir, String gitCommit, boolean scheduleEnabled, long schedulePeriodMs,
                            long scheduleDelayMs, BenchConfig scheduledConfig) {
    /** Results live in this sub-directory of cascade.data-dir unless cascade.bench.results-dir says otherwise. */
    public static final String DEFAULT_RESULTS_SUBDIR = "bench";
    /** Once a day. */
    public static final long DEFAULT_SCHEDULE_PERIOD_MS = 86_400_000;
    /** First scheduled run a minute after startup, once the upstreams had time to load. */
    public static final long DEFAULT_SCHEDULE_DELAY_MS = 60_000;
    public static final long MIN_SCHEDULE_PERIOD_MS = 100;
    public static final int DEFAULT_SCHEDULE_PROMPTS = BenchConfig.DEFAULT_PROMPT_COUNT;
    public static final List<Integer> DEFAULT_SCHEDULE_LEVELS = BenchConfig.DEFAULT_LEVELS;
    public static final int DEFAULT_SCHEDULE_REQUESTS_PER_LEVEL = BenchConfig.DEFAULT_REQUESTS_PER_LEVEL;
    public static final int DEFAULT_SCHEDULE_MAX_TOKENS = BenchConfig.DEFAULT_MAX_TOKENS;

    /** Reads the cascade.bench.* keys through {@code property} (null or blank = unset). */
    public static BenchSettings read(Function<String, String> property, Path dataDir) {
        Function<String, String> value = key -> {
            String v = property.apply(key);
            return v == null || v.isBlank() ? null : v.trim();
        };
        String resultsDir = value.apply("cascade.bench.results-dir");
        BenchConfig scheduled = new BenchConfig(
                PromptSelection.first((int) integer(value, "cascade.bench.schedule.prompts", DEFAULT_SCHEDULE_PROMPTS)),
                levels(value, "cascade.bench.schedule.levels"),
                (int) integer(value, "cascade.bench.schedule.requests-per-level", DEFAULT_SCHEDULE_REQUESTS_PER_LEVEL),
                (int) integer(value, "cascade.bench.schedule.max-tokens", DEFAULT_SCHEDULE_MAX_TOKENS),
                null, null, null, null, bool(value, "cascade.bench.schedule.fixed-length"), null);
        checkScheduledConfig(scheduled);
        long period = integer(value, "cascade.bench.schedule.period-ms", DEFAULT_SCHEDULE_PERIOD_MS);
        if (period < MIN_SCHEDULE_PERIOD_MS) {
            throw new IllegalArgumentException("cascade.bench.schedule.period-ms must be at least "
                    + MIN_SCHEDULE_PERIOD_MS + ", but was " + period);
        }
        long delay = integer(value, "cascade.bench.schedule.delay-ms", DEFAULT_SCHEDULE_DELAY_MS);
        if (delay < 0) {
            throw new IllegalArgumentException("cascade.bench.schedule.delay-ms must be >= 0, but was " + delay);
        }
        return new BenchSettings(resultsDir == null ? dataDir.resolve(DEFAULT_RESULTS_SUBDIR) : Path.of(resultsDir),
                value.apply("cascade.bench.git-commit"), bool(value, "cascade.bench.schedule.enabled"), period, delay,
                scheduled);
    }

    /** Validates the scheduled config now (with a stand-in target), not at the first tick hours later. */
    private static void checkScheduledConfig(BenchConfig scheduled) {
        BenchConfig probe = scheduled.withTargets(List.of(new TargetConfig("probe", "http://127.0.0.1", "auto")));
        try {
            probe.validate(PromptSuite.load());
        } catch (InvalidBenchConfigException e) {
            throw new IllegalArgumentException("cascade.bench.schedule.* is invalid: " + e.getMessage(), e);
        }
    }

    private static long integer(Function<String, String> value, String key, long fallback) {
        String text = value.apply(key);
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, but was " + text);
        }
    }

    private static boolean bool(Function<String, String> value, String key) {
        String text = value.apply(key);
        if (text == null) {
            return false;
        }
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, but was " + text);
        };
    }

    private static List<Integer> levels(Function<String, String> value, String key) {
        String text = value.apply(key);
        if (text == null) {
            return DEFAULT_SCHEDULE_LEVELS;
        }
        List<Integer> levels = new ArrayList<>();
        for (String part : text.split(",")) {
            try {
                levels.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " must be comma-separated integers, but was " + text);
            }
        }
        return levels;
    }
}
