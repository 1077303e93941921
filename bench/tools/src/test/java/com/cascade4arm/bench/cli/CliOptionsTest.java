package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.bench.runner.TargetConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CliOptionsTest {

    @Test
    void buildsACascadeAndBaselineConfigFromTheArguments() {
        CliOptions options = CliOptions.parse(new String[]{"--url", "http://127.0.0.1:8080", "--baseline-url",
                "http://127.0.0.1:8090", "--baseline-model", "qwen-7b", "--prompts", "25", "--levels", "1,2,4",
                "--requests", "30", "--max-tokens", "32", "--out", "/tmp/x", "--api-key", "k"});
        assertThat(options.config().targets()).containsExactly(
                new TargetConfig("cascade", "http://127.0.0.1:8080", "auto", "k"),
                new TargetConfig("baseline", "http://127.0.0.1:8090", "qwen-7b", null));
        assertThat(options.config().prompts()).isEqualTo(PromptSelection.first(25));
        assertThat(options.config().levels()).containsExactly(1, 2, 4);
        assertThat(options.config().requestsPerLevel()).isEqualTo(30);
        assertThat(options.config().maxTokens()).isEqualTo(32);
        assertThat(options.outDir()).isEqualTo(Path.of("/tmp/x"));
    }

    @Test
    void namesTheBadArgument() {
        assertThatThrownBy(() -> CliOptions.parse(new String[]{"--prompts", "10"})).hasMessage("--url is required");
        assertThatThrownBy(() -> CliOptions.parse(new String[]{"--url", "http://h", "--levels", "1,two"}))
                .hasMessage("--levels must be a whole number, but was 'two'");
        assertThatThrownBy(() -> CliOptions.parse(new String[]{"--url", "http://h", "--verbose", "1"}))
                .hasMessage("unknown option '--verbose'");
        assertThatThrownBy(() -> CliOptions.parse(new String[]{"--url"})).hasMessage("--url needs a value");
    }

    @Test
    void drawsTheProgressBar() {
        assertThat(ProgressBar.render(42, 100, 4)).isEqualTo("[" + "#".repeat(12) + ".".repeat(18) + "] 42/100 level 4");
        assertThat(ProgressBar.render(0, 0, 1)).startsWith("[" + ".".repeat(30) + "]");
    }
}
