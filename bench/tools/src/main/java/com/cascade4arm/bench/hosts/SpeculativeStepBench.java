package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.ModelParameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one speculative step of demo-1.5b drafted by demo-0.5b costs, phase by phase, measured inside llama.cpp (its
 * own timestamped debug log, in-process): the target's single-token decode, the draft per token, and the verify batch
 * per size. Speculative decoding pays only when a verify batch of k rows costs little more than one decode (a
 * memory-bound target); the per-extra-row cost printed here is that bound. Prints figures; asserts nothing.
 * <pre>java -cp 'bench/tools/target/bench.jar:bench/tools/target/lib/*' com.cascade4arm.bench.hosts.SpeculativeStepBench
 *     [--threads N] [--draft-max N] [--draft-p-min P] [--tokens N] [--runs N]</pre>
 */
public final class SpeculativeStepBench {
    static final int CONTEXT_TOKENS = 4096;
    static final float DEFAULT_TEMPERATURE = 0.8f;

    private SpeculativeStepBench() {
    }

    public static void main(String[] args) throws Exception {
        CliLogging.configure();
        HostBenchOptions options = HostBenchOptions.parseOrExit("SpeculativeStepBench", args);
        if (options.llamaServer != null) {
            throw new IllegalArgumentException("SpeculativeStepBench times llama.cpp in-process; --llama-server is not"
                    + " supported (llama-server prints draft statistics in its own timings)");
        }
        Path log = Files.createTempFile("speculative-steps", ".log");
        ModelParameters parameters = new ModelParameters()
                .setModel(DemoModels.ensure(DemoModel.LARGE).toString())
                .setModelDraft(DemoModels.ensure(DemoModel.SMALL).toString())
                .setThreads(options.threads).setCtxSize(CONTEXT_TOKENS).setParallel(1)
                .setDraftMax(options.draftMax).setDraftMin(HostConfig.DEFAULT_DRAFT_MIN_TOKENS)
                .setDraftPMin(options.draftPMin)
                .setLogVerbosity(1).enableLogTimestamps().enableLogPrefix().setLogFile(log.toString());
        List<Prompt> prompts = PromptSuite.load().all().stream()
                .filter(p -> p.expectedRoute().equals(PromptSuite.ROUTE_LARGE)).toList();
        try (LlamaModel model = new LlamaModel(parameters)) {
            int seed = 1;
            for (int run = 0; run < options.runs; run++) {
                for (Prompt prompt : prompts) {
                    for (float temperature : new float[] {DEFAULT_TEMPERATURE, 0f}) {
                        InferenceParameters inference = new InferenceParameters(chatPrompt(prompt.prompt()))
                                .setNPredict(options.tokens).setCachePrompt(true).setTemperature(temperature)
                                .setSeed(seed++);
                        for (LlamaOutput ignored : model.generate(inference)) {
                            // drain: the log records the phases
                        }
                    }
                }
            }
        }
        SpeculativeSteps steps = SpeculativeSteps.parse(Files.readAllLines(log));
        Files.deleteIfExists(log);
        print(steps, options, prompts.size());
        System.exit(0); // llama.cpp leaves a non-daemon native thread behind
    }

    private static String chatPrompt(String user) {
        return "<|im_start|>user\n" + user + "<|im_end|>\n<|im_start|>assistant\n";
    }

    private static void print(SpeculativeSteps steps, HostBenchOptions options, int prompts) {
        System.out.printf(Locale.ROOT, "speculative steps of demo-1.5b drafted by demo-0.5b: in-process llama.cpp, %d threads,"
                        + " draft max %d, p-min %.2f, %d run(s) of %d large-route prompts at temperature 0.8 and 0%n",
                options.threads, options.draftMax, options.draftPMin, options.runs, prompts);
        if (steps.isEmpty()) {
            System.out.println("  no speculative steps in llama.cpp's log (is the log verbosity honoured?)");
            return;
        }
        double decode = steps.singleDecodeMs();
        double draft = steps.draftMsPerToken();
        System.out.printf(Locale.ROOT, "  target single-token decode   %6.2f ms%n", decode);
        System.out.printf(Locale.ROOT, "  draft                        %6.2f ms per drafted token (%.2f of a target decode)%n",
                draft, draft / decode);
        for (Map.Entry<Integer, Double> verify : steps.verifyMs().entrySet()) {
            int rows = verify.getKey();
            double ms = verify.getValue();
            String perRow = rows > 1 ? String.format(Locale.ROOT, ", each row beyond the first %.2f of a decode",
                    (ms / decode - 1) / (rows - 1)) : "";
            System.out.printf(Locale.ROOT, "  verify %2d rows               %6.2f ms (%.2f decodes%s; n=%d)%n", rows, ms,
                    ms / decode, perRow, steps.verifySamples(rows));
        }
        int full = options.draftMax + 1;
        Double fullVerify = steps.verifyMs().get(full);
        if (fullVerify != null) {
            // A step: one decode, draft-max draft tokens, one verify of draft-max + 1 rows; it yields at most draft-max + 2 tokens.
            double stepMs = decode + options.draftMax * draft + fullVerify;
            System.out.printf(Locale.ROOT, "  ceiling at 100 %% acceptance: %d tokens per %.2f ms step = %.2fx a plain decode%n",
                    full + 1, stepMs, (full + 1) * decode / stepMs);
        }
    }
}
