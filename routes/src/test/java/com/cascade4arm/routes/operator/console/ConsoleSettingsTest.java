package com.cascade4arm.routes.operator.console;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ConsoleSettingsTest {

    @Test
    void describesThisMachineAndTheDemoModelsUnlessConfigured() {
        ConsoleSettings defaults = ConsoleSettings.from(TestConfig.of(Map.of()).console(), "qwen/qwen-2.5-7b-instruct");

        assertThat(defaults.cascade().hardware()).startsWith("This machine: ")
                .contains(Runtime.getRuntime().availableProcessors() + " cores");
        assertThat(defaults.baseline().description()).as("no fact in the text: no quantization name").doesNotContain("F16", "Q8_0");
        assertThat(defaults.hosted().description()).isEqualTo("qwen/qwen-2.5-7b-instruct");
        assertThat(defaults.explanationTitle()).isEqualTo("Two baselines, one optimized stack");
    }

    @Test
    void takesEveryTextFromConfigurationSoProductionShowsItsOwnHardware() {
        Map<String, String> properties = Map.of(
                "cascade.console.cascade.hardware", "AWS Graviton4 (aarch64)",
                "cascade.console.baseline.model", "Qwen2.5-3B-Instruct · bf16",
                "cascade.console.hosted.tagline", "  Someone else's GPU.  ",
                "cascade.console.explanation.text", "Only the self-hosted baseline is a controlled comparison.",
                "cascade.console.baseline.hardware", " ");

        ConsoleSettings configured = ConsoleSettings.from(TestConfig.of(properties).console(), "m");

        assertThat(configured.cascade().hardware()).isEqualTo("AWS Graviton4 (aarch64)");
        assertThat(configured.baseline().description()).isEqualTo("Qwen2.5-3B-Instruct · bf16");
        assertThat(configured.hosted().tagline()).isEqualTo("Someone else's GPU.");
        assertThat(configured.explanationText()).isEqualTo("Only the self-hosted baseline is a controlled comparison.");
        assertThat(configured.baseline().hardware()).as("blank = default").startsWith("This machine: ");
    }
}
