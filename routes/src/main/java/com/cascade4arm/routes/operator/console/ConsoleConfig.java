package com.cascade4arm.routes.operator.console;

import com.cascade4arm.routes.config.CascadeConfig;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.util.Optional;

/**
 * The console's text keys {@code cascade.console.*} (part of {@link CascadeConfig}), each with its one default: the
 * embedded demo models' descriptions and the explanations. Two defaults are not text: an empty hardware line of the
 * cascade or the baseline describes this machine, an empty hosted model names the configured one
 * ({@link ConsoleSettings}).
 */
public interface ConsoleConfig {
    Cascade cascade();

    Baseline baseline();

    Hosted hosted();

    @WithName("explanation.title") @WithDefault("Two baselines, one optimized stack") String explanationTitle();

    @WithName("explanation.text")
    @WithDefault("Compare sends one prompt to all three at once. The self-hosted baseline is the controlled "
            + "comparison: one larger full-precision model serving one request at a time on hardware you configure, "
            + "the way most teams deploy today. The hosted API is a different model on someone else's hardware, "
            + "reached over the network: read its ratio as a reference point, not an isolated variable. Against "
            + "them: the cascade, a rulebook that keeps easy prompts on a small quantized model and sends reasoning, "
            + "code and analysis to a larger one with speculative decoding.")
    String explanationText();

    /** The explanation over Benchmark. */
    @WithName("benchmark.text")
    @WithDefault("The same fixed prompts go to the cascade and the baseline at the same time, level by level. "
            + "Nothing is cached or replayed: every number is measured live in the run, every category runs at "
            + "every level, and each latency and speed-up comes with its 95 % bootstrap interval.")
    String benchmarkText();

    interface Cascade {
        Optional<String> hardware();

        @WithDefault("Generated demo models; the large tier drafts with the small one (speculative decoding)")
        String model();

        @WithDefault("Router + speculative decoding on llama.cpp.") String tagline();
    }

    interface Baseline {
        Optional<String> hardware();

        @WithDefault("Generated demo model without quantization, served one request at a time") String model();

        @WithDefault("How most people deploy today.") String tagline();
    }

    interface Hosted {
        @WithDefault("Someone else's GPU (OpenRouter)") String hardware();

        Optional<String> model();

        @WithDefault("What you get without owning any hardware.") String tagline();
    }
}
