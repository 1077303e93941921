package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.bench.runner.RunMetadata;
import com.cascade4arm.bench.runner.Sampling;
import com.cascade4arm.bench.runner.TargetConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The CLI's arguments, parsed into a {@link BenchConfig}; bad arguments raise IllegalArgumentException naming them. */
record CliOptions(BenchConfig config, Path outDir, RunMetadata metadata, boolean help) {

    static final String DEFAULT_OUT_DIR = "bench-results";
    static final String DEFAULT_GATEWAY_MODEL = "auto";
    static final String DEFAULT_BASELINE_MODEL = "baseline";
    static final String CASCADE_TARGET = "cascade";
    static final String BASELINE_TARGET = "baseline";

    static final String USAGE = """
            usage: java -jar bench.jar --url URL [options]
              --url URL               gateway base URL, e.g. http://127.0.0.1:8080 (target "cascade")
              --model ID              model id sent to the gateway (default auto)
              --api-key K             bearer token for the gateway (default: env CASCADE_API_KEY)
              --baseline-url URL      baseline base URL (target "baseline"), run at the same time
              --baseline-model ID     model id sent to the baseline (default baseline)
              --baseline-api-key K    bearer token for the baseline
              --prompts N             first N suite prompts, 1..50 (default 10)
              --levels 1,2,4          concurrency levels, increasing, each 1..64 (default 1,2,4,8,16)
              --requests N            requests per level and target, 1..500 (default 20)
              --max-tokens N          max_tokens per request, 1..4096 (default 64)
              --temperature T         sampling temperature sent to every target (default: the server's, 0.8)
              --top-p P               top_p sent to every target (default: the server's, 0.95)
              --seed N                sampling seed sent to every target (default: random per request)
              --fixed-length          ignore_eos: every request generates exactly max_tokens (throughput sweeps)
              --draft-pass            after the levels, the large-route prompts with the draft on and off (speed-up)
              --warmup N              unmeasured requests per target before the first level (default 2)
              --timeout-ms N          per-request timeout in ms (default 120000)
              --deadline-s N          overall deadline in seconds (default 3600)
              --out DIR               results directory (default bench-results)
              --rules-version V       recorded in summary.json
              --git-commit SHA        recorded in summary.json
            """;

    static CliOptions parse(String[] args) {
        String url = null;
        String model = DEFAULT_GATEWAY_MODEL;
        String apiKey = System.getenv("CASCADE_API_KEY");
        String baselineUrl = null;
        String baselineModel = DEFAULT_BASELINE_MODEL;
        String baselineApiKey = null;
        BenchConfig config = BenchConfig.of(List.of());
        Path out = Path.of(DEFAULT_OUT_DIR);
        String rulesVersion = null;
        String gitCommit = null;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("-h") || option.equals("--help")) {
                return new CliOptions(config, out, RunMetadata.NONE, true);
            }
            if (option.equals("--draft-pass")) {
                config = config.withDraftPass(true);
                continue;
            }
            if (option.equals("--fixed-length")) {
                config = config.withFixedLength(true);
                continue;
            }
            String value = valueOf(args, i++, option);
            switch (option) {
                case "--url" -> url = value;
                case "--model" -> model = value;
                case "--api-key" -> apiKey = value;
                case "--baseline-url" -> baselineUrl = value;
                case "--baseline-model" -> baselineModel = value;
                case "--baseline-api-key" -> baselineApiKey = value;
                case "--prompts" -> config = config.withPrompts(PromptSelection.first(integer(option, value)));
                case "--levels" -> config = config.withLevels(levels(value));
                case "--requests" -> config = config.withRequestsPerLevel(integer(option, value));
                case "--max-tokens" -> config = config.withMaxTokens(integer(option, value));
                case "--temperature" -> config = config.withSampling(new Sampling(decimal(option, value),
                        config.sampling().topP(), config.sampling().seed()));
                case "--top-p" -> config = config.withSampling(new Sampling(config.sampling().temperature(),
                        decimal(option, value), config.sampling().seed()));
                case "--seed" -> config = config.withSampling(new Sampling(config.sampling().temperature(),
                        config.sampling().topP(), integer(option, value)));
                case "--warmup" -> config = config.withWarmupRequests(integer(option, value));
                case "--timeout-ms" -> config = config.withRequestTimeoutMs(integer(option, value));
                case "--deadline-s" -> config = config.withDeadlineSeconds(integer(option, value));
                case "--out" -> out = Path.of(value);
                case "--rules-version" -> rulesVersion = value;
                case "--git-commit" -> gitCommit = value;
                default -> throw new IllegalArgumentException("unknown option '" + option + "'");
            }
        }
        if (url == null) {
            throw new IllegalArgumentException("--url is required");
        }
        List<TargetConfig> targets = new ArrayList<>();
        targets.add(new TargetConfig(CASCADE_TARGET, url, model, apiKey));
        if (baselineUrl != null) {
            targets.add(new TargetConfig(BASELINE_TARGET, baselineUrl, baselineModel, baselineApiKey));
        }
        BenchConfig withTargets = config.withTargets(targets);
        return new CliOptions(withTargets, out, new RunMetadata(rulesVersion, gitCommit), false);
    }

    private static String valueOf(String[] args, int index, String option) {
        if (!option.startsWith("--")) {
            throw new IllegalArgumentException("expected an option, but got '" + option + "'");
        }
        if (index + 1 >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[index + 1];
    }

    private static int integer(String option, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a whole number, but was '" + value + "'");
        }
    }

    private static double decimal(String option, String value) {
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a number, but was '" + value + "'");
        }
    }

    private static List<Integer> levels(String value) {
        return Arrays.stream(value.split(",")).map(level -> integer("--levels", level)).toList();
    }
}
