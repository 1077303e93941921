package com.cascade4arm.routes.operator.console;

import com.cascade4arm.bench.runner.EnvironmentProbe;
import com.cascade4arm.bench.runner.RunEnvironment;

import java.util.Locale;

/**
 * The console's descriptive text (keys under {@code cascade.console.*}): what each compared system runs on, a
 * description of its models, a tagline, and the explanations over Compare and Benchmark. Configuration, not code, so a
 * production deployment describes its own hardware; the defaults ({@link ConsoleConfig}) describe this machine and the
 * embedded demo models.
 * Facts about the models (quantization, parameters, context, engine) are never configured: {@link ModelFactsProbe}
 * reads them from the model servers, and the description is shown beside them.
 */
public record ConsoleSettings(SystemText cascade, SystemText baseline, SystemText hosted, String explanationTitle,
                              String explanationText, String benchmarkText) {

    /** One system's panel: the hardware line, a description of its models (beside the facts read), a tagline. */
    public record SystemText(String hardware, String description, String tagline) {
    }

    /** From the bound cascade.console.* keys; {@code hostedModel}: the configured model id (the hosted panel's default). */
    public static ConsoleSettings from(ConsoleConfig keys, String hostedModel) {
        String thisMachine = describe(EnvironmentProbe.machine());
        return new ConsoleSettings(
                new SystemText(keys.cascade().hardware().orElse(thisMachine), keys.cascade().model(), keys.cascade().tagline()),
                new SystemText(keys.baseline().hardware().orElse(thisMachine), keys.baseline().model(),
                        keys.baseline().tagline()),
                new SystemText(keys.hosted().hardware(), keys.hosted().model().orElse(hostedModel), keys.hosted().tagline()),
                keys.explanationTitle(), keys.explanationText(), keys.benchmarkText());
    }

    /** "This machine: Intel Xeon … · 2 cores · 7.6 GiB · Linux … amd64". */
    static String describe(RunEnvironment.Machine machine) {
        return String.format(Locale.ROOT, "This machine: %s · %d cores · %.1f GiB · %s", machine.cpuModel(),
                machine.cores(), machine.memoryBytes() / (1024.0 * 1024 * 1024), machine.os());
    }
}
