package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Tunes the draft settings the product ships: demo-1.5b drafted by demo-0.5b for each
 * {@code draft-max:p-min[:draft-min]} setting (draft-min defaults to the host's), against demo-1.5b alone, at default
 * sampling and greedy on the large-route suite prompts. Plain and drafted requests alternate (same prompt, same seed),
 * so a busy machine slows both alike; the speed-up is generated tokens per second
 * of generation time, drafted over plain. Usage: {@code DraftTuningBench [--threads N] [--runs N] [--tokens N]
 * [--settings 8:0.5,4:0.7:2,…] [--llama-server PATH]} (threads default 1: what each embedded host gets on 2 cores).
 */
public final class DraftTuningBench {

    private DraftTuningBench() {
    }

    /** One draft setting. */
    record Setting(int draftMax, float pMin, int draftMin) {
        Setting(int draftMax, float pMin) {
            this(draftMax, pMin, HostConfig.DEFAULT_DRAFT_MIN_TOKENS);
        }

        static Setting parse(String text) {
            String[] parts = text.trim().split(":");
            if (parts.length != 2 && parts.length != 3) {
                throw new IllegalArgumentException("a setting is draft-max:p-min[:draft-min], like 8:0.5 or 8:0.5:2,"
                        + " but was '" + text + "'");
            }
            int draftMin = parts.length == 3 ? Integer.parseInt(parts[2]) : HostConfig.DEFAULT_DRAFT_MIN_TOKENS;
            return new Setting(Integer.parseInt(parts[0]), Float.parseFloat(parts[1]), draftMin);
        }
    }

    /** Command-line options (picocli fills the fields). */
    @Command(sortOptions = false)
    static final class Options {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;
        @Option(names = "--threads", paramLabel = "N", description = "llama.cpp threads (default 1)")
        int threads = 1;
        @Option(names = "--runs", paramLabel = "N", description = "passes over the prompts (default 1)")
        int runs = 1;
        @Option(names = "--tokens", paramLabel = "N", description = "max_tokens per answer (default 64)")
        int tokens = 64;
        @Option(names = "--llama-server", paramLabel = "PATH", description = "measure llama-server instead of our host")
        Path llamaServer;
        @Option(names = "--settings", paramLabel = "MAX:PMIN[:MIN],...", split = ",", converter = SettingConverter.class,
                description = "draft settings to sweep (default 8:0.5,4:0.5,8:0.75,4:0.75,8:0.9,3:0.9)")
        List<Setting> settings = List.of(new Setting(8, 0.5f), new Setting(4, 0.5f), new Setting(8, 0.75f),
                new Setting(4, 0.75f), new Setting(8, 0.9f), new Setting(3, 0.9f));
    }

    /** Reads one draft-max:p-min[:draft-min] setting; picocli reports the message of a bad one. */
    static final class SettingConverter implements CommandLine.ITypeConverter<Setting> {
        @Override
        public Setting convert(String text) {
            return Setting.parse(text);
        }
    }

    public static void main(String[] args) throws Exception {
        CliLogging.configure();
        Options options = Arguments.parseOrExit(new Options(), "DraftTuningBench", args, () -> { });
        Path small = DemoModels.ensure(DemoModel.SMALL);
        Path large = DemoModels.ensure(DemoModel.LARGE);
        List<Prompt> prompts = PromptSuite.load().all().stream()
                .filter(p -> p.expectedRoute().equals(PromptSuite.ROUTE_LARGE)).toList();
        System.out.printf(Locale.ROOT, "draft tuning on %s: %d thread(s), %d run(s) of %d large-route prompts, max_tokens %d%n",
                options.llamaServer == null ? "llama-host (in-process llama.cpp)" : "llama-server " + options.llamaServer,
                options.threads, options.runs, prompts.size(), options.tokens);
        HostConfig plainLarge = HostConfig.defaults(DemoModel.LARGE.id(), large).withParallel(1).withThreads(options.threads);
        try (BenchEndpoint plain = BenchEndpoint.start(plainLarge, options.llamaServer)) {
            for (Setting setting : options.settings) {
                HostConfig drafted = plainLarge.withAlias("demo-1.5b-drafted").withDraft(small)
                        .withDraftTuning(setting.draftMax(), setting.draftMin(), setting.pMin());
                try (BenchEndpoint withDraft = BenchEndpoint.start(drafted, options.llamaServer)) {
                    for (Double temperature : new Double[]{null, 0.0}) {
                        print(setting, temperature, race(plain, withDraft, prompts, options.runs, options.tokens, temperature));
                    }
                }
            }
        }
        System.exit(0); // llama.cpp leaves a non-daemon native thread behind
    }

    /** Sums over the prompts: tokens and generation ms without and with the draft, drafted and accepted tokens. */
    private static double[] race(BenchEndpoint plain, BenchEndpoint drafted, List<Prompt> prompts, int runs, int tokens,
                                 Double temperature) throws Exception {
        ChatCall.send(plain.url(), prompts.get(0).prompt(), tokens, temperature, 0); // warm-up
        ChatCall.send(drafted.url(), prompts.get(0).prompt(), tokens, temperature, 0);
        double[] sums = new double[6];
        int seed = 1;
        for (int run = 0; run < runs; run++) {
            for (Prompt prompt : prompts) {
                ChatCall without = ChatCall.send(plain.url(), prompt.prompt(), tokens, temperature, seed);
                ChatCall with = ChatCall.send(drafted.url(), prompt.prompt(), tokens, temperature, seed++);
                sums[0] += without.tokens();
                sums[1] += without.predictedMs();
                sums[2] += with.tokens();
                sums[3] += with.predictedMs();
                sums[4] += with.drafted();
                sums[5] += with.accepted();
            }
        }
        return sums;
    }

    private static void print(Setting setting, Double temperature, double[] sums) {
        double plainRate = 1000 * sums[0] / sums[1];
        double draftRate = 1000 * sums[2] / sums[3];
        System.out.printf(Locale.ROOT, "draft-max %2d p-min %.2f draft-min %d %-16s plain %6.1f tok/s"
                        + "  drafted %6.1f tok/s  speed-up %.2fx  acceptance %5.1f%% (%.0f/%.0f)%n",
                setting.draftMax(), setting.pMin(), setting.draftMin(),
                temperature == null ? "default sampling" : "greedy", plainRate, draftRate, draftRate / plainRate,
                100 * sums[5] / Math.max(1, sums[4]), sums[5], sums[4]);
    }
}
