package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The demo models measured over HTTP, on this project's host or on real llama-server processes: demo-1.5b with and
 * without its demo-0.5b draft at default sampling and greedy (speed-up and acceptance, on the large-route suite
 * prompts), per-token latency of 0.5b : 1.5b : 3b, answer lengths per category and model (all 50 suite prompts), and
 * aggregate tokens/s at 1, 2 and 4 concurrent requests.
 * Requests to the compared endpoints alternate, so a busy machine slows both alike. Figures are printed, not asserted.
 */
public final class HostBench {
    static final int LENGTH_MAX_TOKENS = 512;

    private HostBench() {
    }

    public static void main(String[] args) throws Exception {
        CliLogging.configure();
        HostBenchOptions options = HostBenchOptions.parseOrExit("HostBench", args);
        Path small = DemoModels.ensure(DemoModel.SMALL);
        Path large = DemoModels.ensure(DemoModel.LARGE);
        Path baseline = DemoModels.ensure(DemoModel.BASELINE);
        PromptSuite suite = PromptSuite.load();
        List<Prompt> largeRoute = suite.all().stream().filter(p -> p.expectedRoute().equals(PromptSuite.ROUTE_LARGE)).toList();
        System.out.printf(Locale.ROOT, "host bench on %s: %d threads, %d run(s) of %d large-route prompts, max_tokens %d,"
                        + " draft max %d, p-min %.2f%n%n", options.engine(), options.threads, options.runs, largeRoute.size(),
                options.tokens, options.draftMax, options.draftPMin);

        HostConfig plainLarge = config(DemoModel.LARGE, large, options);
        HostConfig drafted = plainLarge.withAlias("demo-1.5b-drafted").withDraft(small)
                .withDraftTuning(options.draftMax, HostConfig.DEFAULT_DRAFT_MIN_TOKENS, options.draftPMin);
        try (BenchEndpoint plain = BenchEndpoint.start(plainLarge, options.llamaServer);
             BenchEndpoint withDraft = BenchEndpoint.start(drafted, options.llamaServer)) {
            System.out.println("speculative decoding: demo-1.5b drafted by demo-0.5b");
            speculative("default sampling", null, plain, withDraft, largeRoute, options);
            speculative("greedy", 0.0, plain, withDraft, largeRoute, options);
        }
        System.out.println();
        Map<DemoModel, HostConfig> models = new LinkedHashMap<>();
        models.put(DemoModel.SMALL, config(DemoModel.SMALL, small, options));
        models.put(DemoModel.LARGE, plainLarge);
        models.put(DemoModel.BASELINE, config(DemoModel.BASELINE, baseline, options));
        Map<DemoModel, BenchEndpoint> endpoints = new LinkedHashMap<>();
        try {
            models.forEach((model, config) -> endpoints.put(model, BenchEndpoint.start(config, options.llamaServer)));
            latency(endpoints, largeRoute, options);
            System.out.println();
            AnswerLengths.measure(endpoints, suite.all(), LENGTH_MAX_TOKENS).print();
        } finally {
            endpoints.values().forEach(BenchEndpoint::close);
        }
        System.out.println();
        String codePrompt = suite.byCategory("code").get(0).prompt();
        AggregateSweep.run(models.get(DemoModel.SMALL), options, codePrompt);
        AggregateSweep.run(plainLarge, options, codePrompt);
        System.exit(0); // llama.cpp leaves a non-daemon native thread behind
    }

    private static HostConfig config(DemoModel model, Path file, HostBenchOptions options) {
        return HostConfig.defaults(model.id(), file).withParallel(1).withThreads(options.threads);
    }

    /** Plain and drafted requests alternate; tok/s = generated tokens / generation time, summed over all prompts. */
    private static void speculative(String label, Double temperature, BenchEndpoint plain, BenchEndpoint drafted,
                                    List<Prompt> prompts, HostBenchOptions options) throws Exception {
        ChatCall.send(plain.url(), prompts.get(0).prompt(), options.tokens, temperature, 0); // warm-up
        ChatCall.send(drafted.url(), prompts.get(0).prompt(), options.tokens, temperature, 0);
        double[] plainSum = new double[2];
        double[] draftSum = new double[2];
        long draftedTokens = 0;
        long accepted = 0;
        int seed = 1;
        for (int run = 0; run < options.runs; run++) {
            for (Prompt prompt : prompts) {
                ChatCall without = ChatCall.send(plain.url(), prompt.prompt(), options.tokens, temperature, seed);
                ChatCall with = ChatCall.send(drafted.url(), prompt.prompt(), options.tokens, temperature, seed++);
                plainSum[0] += without.tokens();
                plainSum[1] += without.predictedMs();
                draftSum[0] += with.tokens();
                draftSum[1] += with.predictedMs();
                draftedTokens += with.drafted();
                accepted += with.accepted();
            }
        }
        double plainRate = 1000 * plainSum[0] / plainSum[1];
        double draftRate = 1000 * draftSum[0] / draftSum[1];
        System.out.printf(Locale.ROOT, "  %-16s without draft %7.1f tok/s   with draft %7.1f tok/s   speed-up %.2fx   "
                        + "acceptance %.1f%% (%d/%d)%n", label, plainRate, draftRate, draftRate / plainRate,
                100.0 * accepted / Math.max(1, draftedTokens), accepted, draftedTokens);
    }

    /** Greedy, the models answer the same prompts in turn; median ms per generated token. */
    private static void latency(Map<DemoModel, BenchEndpoint> endpoints, List<Prompt> prompts, HostBenchOptions options)
            throws Exception {
        Map<DemoModel, List<Double>> msPerToken = new LinkedHashMap<>();
        endpoints.keySet().forEach(model -> msPerToken.put(model, new ArrayList<>()));
        for (var entry : endpoints.entrySet()) {
            ChatCall.send(entry.getValue().url(), prompts.get(0).prompt(), options.tokens, 0.0, 0); // warm-up
        }
        for (int run = 0; run < options.runs; run++) {
            for (Prompt prompt : prompts) {
                for (var entry : endpoints.entrySet()) {
                    msPerToken.get(entry.getKey()).add(
                            ChatCall.send(entry.getValue().url(), prompt.prompt(), options.tokens, 0.0, 1).msPerToken());
                }
            }
        }
        double small = Percentiles.median(msPerToken.get(DemoModel.SMALL));
        System.out.println("per-token latency (greedy, median ms per generated token)");
        StringBuilder line = new StringBuilder("  ");
        StringBuilder ratio = new StringBuilder("  ratio ");
        msPerToken.forEach((model, values) -> {
            double median = Percentiles.median(values);
            line.append(String.format(Locale.ROOT, "%s %.2f   ", model.id(), median));
            ratio.append(String.format(Locale.ROOT, "%s%.2f", model == DemoModel.SMALL ? "" : " : ", median / small));
        });
        System.out.println(line.toString().stripTrailing());
        System.out.println(ratio);
    }
}
