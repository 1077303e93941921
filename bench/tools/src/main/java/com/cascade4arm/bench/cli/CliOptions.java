package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.bench.runner.RunMetadata;
import com.cascade4arm.bench.runner.Sampling;
import com.cascade4arm.bench.runner.TargetConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;

/**
 * The CLI's flags (picocli fills the fields), turned into a {@link BenchConfig}. A flag left out keeps BenchConfig's
 * default; the config's own checks (ranges, increasing levels) raise IllegalArgumentException naming the value.
 */
@Command(name = "java -jar bench.jar", sortOptions = false,
        description = "Runs the benchmark suite against a gateway (target \"cascade\") and optionally a baseline.")
final class CliOptions {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;
    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "gateway base URL, e.g. http://127.0.0.1:8080 (target \"cascade\")")
    String url;
    @Option(names = "--model", paramLabel = "ID", description = "model id sent to the gateway (default auto)")
    String model = "auto";
    @Option(names = "--api-key", paramLabel = "K", description = "bearer token for the gateway (default: env CASCADE_API_KEY)")
    String apiKey = System.getenv("CASCADE_API_KEY");
    @Option(names = "--baseline-url", paramLabel = "URL", description = "baseline base URL (target \"baseline\"), run at the same time")
    String baselineUrl;
    @Option(names = "--baseline-model", paramLabel = "ID", description = "model id sent to the baseline (default baseline)")
    String baselineModel = "baseline";
    @Option(names = "--baseline-api-key", paramLabel = "K", description = "bearer token for the baseline")
    String baselineApiKey;
    @Option(names = "--suite", paramLabel = "S", description = "prompts (the 50-prompt suite swept over --levels, default)"
            + " or conversations (the multi-turn suite: --conversations conversations of 6 turns, --levels one value,"
            + " the conversations in parallel per target; --max-tokens at most 64)")
    String suite;
    @Option(names = "--conversations", paramLabel = "N", description = "with --suite conversations: the first N of the"
            + " six conversations (default 6)")
    Integer conversations;
    @Option(names = "--prompts", paramLabel = "N", description = "first N suite prompts, 1..50 (default 10)")
    Integer prompts;
    @Option(names = "--levels", paramLabel = "1,2,4", split = ",",
            description = "concurrency levels, increasing, each 1..64 (default 1,2,4,8,16)")
    List<Integer> levels;
    @Option(names = "--requests", paramLabel = "N", description = "requests per level and target, 1..500 (default 20)")
    Integer requests;
    @Option(names = "--max-tokens", paramLabel = "N", description = "max_tokens per request, 1..4096 (default 64)")
    Integer maxTokens;
    @Option(names = "--temperature", paramLabel = "T", description = "sampling temperature sent to every target (default: the server's, 0.8)")
    Double temperature;
    @Option(names = "--top-p", paramLabel = "P", description = "top_p sent to every target (default: the server's, 0.95)")
    Double topP;
    @Option(names = "--seed", paramLabel = "N", description = "sampling seed sent to every target (default: random per request)")
    Integer seed;
    @Option(names = "--fixed-length", description = "ignore_eos: every request generates exactly max_tokens (throughput sweeps)")
    boolean fixedLength;
    @Option(names = "--draft-pass", description = "after the levels, the large-route prompts with the draft on and off (speed-up)")
    boolean draftPass;
    @Option(names = "--warmup", paramLabel = "N", description = "unmeasured requests per target before the first level (default 2)")
    Integer warmup;
    @Option(names = "--timeout-ms", paramLabel = "N", description = "per-request timeout in ms (default 120000)")
    Long timeoutMs;
    @Option(names = "--deadline-s", paramLabel = "N", description = "overall deadline in seconds (default 3600)")
    Long deadlineSeconds;
    @Option(names = "--out", paramLabel = "DIR", description = "results directory (default bench-results)")
    Path outDir = Path.of("bench-results");
    @Option(names = "--rules-version", paramLabel = "V", description = "recorded in summary.json")
    String rulesVersion;
    @Option(names = "--git-commit", paramLabel = "SHA", description = "recorded in summary.json")
    String gitCommit;

    RunMetadata metadata() {
        return new RunMetadata(rulesVersion, gitCommit);
    }

    /** The run these flags ask for: a flag left out is null, BenchConfig's default. */
    BenchConfig config() {
        TargetConfig cascade = new TargetConfig("cascade", url, model, apiKey);
        List<TargetConfig> targets = baselineUrl == null ? List.of(cascade)
                : List.of(cascade, new TargetConfig("baseline", baselineUrl, baselineModel, baselineApiKey));
        return new BenchConfig(prompts == null ? null : PromptSelection.first(prompts), levels, requests, maxTokens,
                targets, timeoutMs, deadlineSeconds, new Sampling(temperature, topP, seed), fixedLength, warmup, null,
                draftPass, suite, conversations);
    }
}
