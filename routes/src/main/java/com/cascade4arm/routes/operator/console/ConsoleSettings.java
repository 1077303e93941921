package com.cascade4arm.routes.operator.console;

import com.cascade4arm.bench.runner.EnvironmentProbe;
import com.cascade4arm.bench.runner.RunEnvironment;

import java.util.Locale;

/**
 * The console's descriptive text (keys under {@code cascade.console.*}): what each compared system runs on, a
 * description of its models, a tagline, and the explanations over Compare and Benchmark. Configuration, not code, so a
 * production deployment describes its own hardware; the defaults describe this machine and the embedded demo models.
 * Facts about the models (quantization, parameters, context, engine) are never configured: {@link ModelFactsProbe}
 * reads them from the model servers, and the description is shown beside them.
 */
public record ConsoleSettings(SystemText cascade, SystemText baseline, SystemText hosted, String explanationTitle,
                              String explanationText, String benchmarkText) {

    /** One system's panel: the hardware line, a description of its models (beside the facts read), a tagline. */
    public record SystemText(String hardware, String description, String tagline) {
    }

    public static final String DEFAULT_EXPLANATION_TITLE = "Two baselines, one optimized stack";
    public static final String DEFAULT_EXPLANATION_TEXT = "Compare sends one prompt to all three at once. The "
            + "self-hosted baseline is the controlled comparison: one larger full-precision model serving one request at "
            + "a time on hardware you configure, the way most teams deploy today. The hosted API is a different model "
            + "on someone else's hardware, reached over the network: read its ratio as a reference point, not an "
            + "isolated variable. Against them: the cascade, a rulebook that keeps easy prompts on a small quantized "
            + "model and sends reasoning, code and analysis to a larger one with speculative decoding.";
    public static final String DEFAULT_BENCHMARK_TEXT = "The same fixed prompts go to the cascade and the baseline at "
            + "the same time, level by level. Nothing is cached or replayed: every number is measured live in the run, "
            + "every category runs at every level, and each latency and speed-up comes with its 95 % bootstrap interval.";
    public static final String DEFAULT_CASCADE_DESCRIPTION = "Generated demo models; the large tier drafts with the "
            + "small one (speculative decoding)";
    public static final String DEFAULT_CASCADE_TAGLINE = "Router + speculative decoding on llama.cpp.";
    public static final String DEFAULT_BASELINE_DESCRIPTION = "Generated demo model without quantization, served one "
            + "request at a time";
    public static final String DEFAULT_BASELINE_TAGLINE = "How most people deploy today.";
    public static final String DEFAULT_HOSTED_HARDWARE = "Someone else's GPU (OpenRouter)";
    public static final String DEFAULT_HOSTED_TAGLINE = "What you get without owning any hardware.";
    private static final double BYTES_PER_GIB = 1024.0 * 1024 * 1024;

    /** From the bound cascade.console.* keys; {@code hostedModel}: the configured model id (the hosted panel's default). */
    public static ConsoleSettings from(ConsoleConfig keys, String hostedModel) {
        String thisMachine = describe(EnvironmentProbe.machine());
        return new ConsoleSettings(
                new SystemText(keys.cascade().hardware().orElse(thisMachine),
                        keys.cascade().model().orElse(DEFAULT_CASCADE_DESCRIPTION),
                        keys.cascade().tagline().orElse(DEFAULT_CASCADE_TAGLINE)),
                new SystemText(keys.baseline().hardware().orElse(thisMachine),
                        keys.baseline().model().orElse(DEFAULT_BASELINE_DESCRIPTION),
                        keys.baseline().tagline().orElse(DEFAULT_BASELINE_TAGLINE)),
                new SystemText(keys.hosted().hardware().orElse(DEFAULT_HOSTED_HARDWARE),
                        keys.hosted().model().orElse(hostedModel),
                        keys.hosted().tagline().orElse(DEFAULT_HOSTED_TAGLINE)),
                keys.explanation().title().orElse(DEFAULT_EXPLANATION_TITLE),
                keys.explanation().text().orElse(DEFAULT_EXPLANATION_TEXT),
                keys.benchmark().text().orElse(DEFAULT_BENCHMARK_TEXT));
    }

    /** "This machine: Intel Xeon … · 2 cores · 7.6 GiB · Linux … amd64". */
    static String describe(RunEnvironment.Machine machine) {
        return String.format(Locale.ROOT, "This machine: %s · %d cores · %.1f GiB · %s", machine.cpuModel(),
                machine.cores(), machine.memoryBytes() / BYTES_PER_GIB, machine.os());
    }
}
