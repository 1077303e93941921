package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.PromptSelection;
import com.cascade4arm.bench.runner.TargetConfig;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CliOptionsTest {

    @Test
    void buildsACascadeAndBaselineConfigFromTheArguments() {
        CliOptions options = parse("--url", "http://127.0.0.1:8080", "--baseline-url",
                "http://127.0.0.1:8090", "--baseline-model", "qwen-7b", "--prompts", "25", "--levels", "1,2,4",
                "--requests", "30", "--max-tokens", "32", "--out", "/tmp/x", "--api-key", "k");
        assertThat(options.config().targets()).containsExactly(
                new TargetConfig("cascade", "http://127.0.0.1:8080", "auto", "k"),
                new TargetConfig("baseline", "http://127.0.0.1:8090", "qwen-7b", null));
        assertThat(options.config().prompts()).isEqualTo(PromptSelection.first(25));
        assertThat(options.config().levels()).containsExactly(1, 2, 4);
        assertThat(options.config().requestsPerLevel()).isEqualTo(30);
        assertThat(options.config().maxTokens()).isEqualTo(32);
        assertThat(options.outDir).isEqualTo(Path.of("/tmp/x"));
    }

    @Test
    void asksForTheMultiTurnSuiteAtItsDefaultConcurrency() {
        BenchConfig config = parse("--url", "http://h", "--suite", "conversations", "--conversations", "3").config();
        assertThat(config.multiTurn()).isTrue();
        assertThat(config.conversations()).isEqualTo(3);
        assertThat(config.levels()).containsExactly(BenchConfig.DEFAULT_CONVERSATION_CONCURRENCY);
        assertThat(config.totalRequests()).isEqualTo(3 * 6);
        assertThat(parse("--url", "http://h").config().multiTurn()).as("the prompt suite by default").isFalse();
    }

    @Test
    void namesTheBadArgument() {
        assertThatThrownBy(() -> parse("--prompts", "10"))
                .hasMessage("Missing required option: '--url=URL'");
        assertThatThrownBy(() -> parse("--url", "http://h", "--levels", "1,two"))
                .hasMessage("Invalid value for option '--levels' (1,2,4): 'two' is not an int");
        assertThatThrownBy(() -> parse("--url", "http://h", "--verbose", "1"))
                .hasMessage("Unknown options: '--verbose', '1'");
        assertThatThrownBy(() -> parse("--url")).hasMessage("Missing required parameter for option '--url' (URL)");
    }

    @Test
    void leavesEveryLeftOutFlagAtTheEngineDefault() {
        assertThat(parse("--url", "http://h").config())
                .isEqualTo(BenchConfig.of(List.of(new TargetConfig("cascade", "http://h", "auto",
                        System.getenv("CASCADE_API_KEY")))));
    }

    @Test
    void printsTheUsageForHelpAndTheErrorWithTheUsageForABadFlag() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(Arguments.parse(new picocli.CommandLine(new CliOptions()), new String[]{"--help"}, () -> { }, print(out), print(err)))
                .isEqualTo(Arguments.EXIT_OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--baseline-url=URL").contains("--draft-pass");
        assertThat(Arguments.parse(new picocli.CommandLine(new CliOptions()), new String[]{"--url", "http://h", "--requests", "many"}, () -> { },
                print(out), print(err))).isEqualTo(Arguments.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("error: Invalid value for option '--requests': 'many' is not an int")
                .contains("Usage: java -jar bench.jar");
    }

    @Test
    void drawsTheProgressBar() {
        assertThat(ProgressBar.render(42, 100, 4)).isEqualTo("[" + "#".repeat(12) + ".".repeat(18) + "] 42/100 level 4");
        assertThat(ProgressBar.render(0, 0, 1)).startsWith("[" + ".".repeat(30) + "]");
        assertThat(ProgressBar.renderTurns(12, 24, 2))
                .isEqualTo("[" + "#".repeat(15) + ".".repeat(15) + "] 12/24 turns, 2 conversations at a time");
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    /** The flags of a command line, as picocli fills them (the CLI itself goes through {@link Arguments}). */
    private static CliOptions parse(String... args) {
        CliOptions options = new CliOptions();
        new picocli.CommandLine(options).parseArgs(args);
        return options;
    }
}
