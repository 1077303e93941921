package com.cascade4arm.host;

import com.cascade4arm.host.cpu.CpuSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The standalone flags, named like llama-server's, become a HostConfig; mistakes name the offending flag. */
class HostArgumentsTest {

    @Test
    void readsLlamaServerStyleFlagsAndShortForms() {
        HostConfig config = HostArguments.parse("--model", "/m/qwen.gguf", "-md", "/m/draft.gguf", "--draft-max", "6",
                "--draft-min", "1", "--draft-p-min", "0.6", "-c", "8192", "-t", "3", "-np", "2", "--host", "0.0.0.0",
                "--port", "9000", "--api-key", "k", "--alias", "qwen").toConfig();

        assertThat(config.model()).isEqualTo(Path.of("/m/qwen.gguf"));
        assertThat(config.draftModel()).isEqualTo(Path.of("/m/draft.gguf"));
        assertThat(config.draftMax()).isEqualTo(6);
        assertThat(config.draftMin()).isEqualTo(1);
        assertThat(config.draftPMin()).isEqualTo(0.6f);
        assertThat(config.ctxSize()).isEqualTo(8192);
        assertThat(config.threads()).isEqualTo(3);
        assertThat(config.parallel()).isEqualTo(2);
        assertThat(config.host()).isEqualTo("0.0.0.0");
        assertThat(config.port()).isEqualTo(9000);
        assertThat(config.apiKey()).isEqualTo("k");
        assertThat(config.alias()).isEqualTo("qwen");
    }

    @Test
    void defaultsAliasToFileNameAndPortToLlamaServersDefault() {
        HostConfig config = HostArguments.parse("--model", "/m/qwen2.5-0.5b-instruct-q4_k_m.gguf").toConfig();

        assertThat(config.alias()).isEqualTo("qwen2.5-0.5b-instruct-q4_k_m");
        assertThat(config.port()).isEqualTo(HostArguments.DEFAULT_STANDALONE_PORT);
        assertThat(config.draftModel()).isNull();
    }

    @Test
    void readsEngineLlamaServerAndCpusWithThreadsPerPinnedCpu() {
        HostConfig config = HostArguments.parse("--model", "/m/q.gguf", "--engine", "llama-server",
                "--llama-server", "/opt/llama/llama-server", "--cpus", "2-3").toConfig();
        HostConfig defaults = HostArguments.parse("--model", "/m/q.gguf").toConfig();

        assertThat(config.engine()).isEqualTo(Engine.LLAMA_SERVER);
        assertThat(config.llamaServer()).isEqualTo(Path.of("/opt/llama/llama-server"));
        assertThat(config.cpus()).isEqualTo(CpuSet.parse("2,3"));
        assertThat(config.threads()).as("one thread per pinned CPU").isEqualTo(2);
        assertThat(defaults.engine()).isEqualTo(Engine.AUTO);
        assertThat(defaults.cpus()).isNull();
        assertThatThrownBy(() -> HostArguments.parse("--model", "q.gguf", "--engine", "gpu").toConfig())
                .hasMessage("engine must be auto, jni or llama-server, but was 'gpu'");
        assertThatThrownBy(() -> HostArguments.parse("--model", "q.gguf", "--cpus", "3-1").toConfig())
                .hasMessage("cpu range must go upwards, but was '3-1' in '3-1'");
    }

    @Test
    void rejectsUnknownFlagsMissingValuesAndBadNumbers() {
        assertThatThrownBy(() -> HostArguments.parse("--model", "x.gguf", "--turbo", "1"))
                .hasMessageContaining("Unknown options: '--turbo'");
        assertThatThrownBy(() -> HostArguments.parse("--model"))
                .hasMessage("Missing required parameter for option '--model' (FILE)");
        assertThatThrownBy(() -> HostArguments.parse("--model", "x.gguf", "--port", "eighty").toConfig())
                .hasMessage("Invalid value for option '--port': 'eighty' is not an int");
        assertThatThrownBy(() -> HostArguments.parse("--port", "1").toConfig())
                .hasMessageContaining("--model FILE.gguf or --demo");
        assertThatThrownBy(() -> HostArguments.parse("--demo", "huge").toConfig())
                .hasMessage("Invalid value for option '--demo': must be small, large or baseline, but was 'huge'");
        assertThatThrownBy(() -> HostArguments.parse("--model", "x.gguf", "--serialize-requests", "yes").toConfig())
                .hasMessage("Invalid value for option '--serialize-requests': 'yes' is not a boolean");
    }

    @Test
    void refusesAFlagUnderAnyOfItsNamesAlsoWhenMixedIntoAHostsCommand() {
        assertThatThrownBy(() -> HostArguments.parse("--model", "x.gguf", "-md", "d.gguf")
                .rejectFlags("no draft here", "--model-draft"))
                .hasMessage("option --model-draft is not supported: no draft here");
        RejectingDraft command = new RejectingDraft();
        StringWriter errors = new StringWriter();

        int exitCode = HostArguments.commandLine(command).setErr(new PrintWriter(errors)).execute("--model", "x.gguf",
                "--draft", "3");

        assertThat(command.refusal).as("refusal seen by the mixee").isEqualTo("option --draft-max is not supported: no draft here");
        assertThat(exitCode).isZero();
        assertThat(errors.toString()).isEmpty();
    }

    @Test
    void printsItsFlagsOnHelpAndExitsWithTwoOnAUsageError() {
        StringWriter help = new StringWriter();
        StringWriter errors = new StringWriter();

        int helpExit = HostArguments.commandLine(new LlamaHostMain()).setOut(new PrintWriter(help)).execute("--help");
        int usageExit = HostArguments.commandLine(new LlamaHostMain()).setErr(new PrintWriter(errors))
                .execute("--model", "x.gguf", "--port", "eighty");

        assertThat(helpExit).isZero();
        assertThat(help.toString()).contains("Usage: llama-host", "--model", "-md", "--demo", "--warmup-requests");
        assertThat(usageExit).isEqualTo(CommandLine.ExitCode.USAGE).isEqualTo(2);
        assertThat(errors.toString()).contains("Invalid value for option '--port': 'eighty' is not an int", "Usage:");
    }

    /** A host command that only records what rejectFlags says about the draft flags. */
    @CommandLine.Command(name = "rejecting-draft")
    static final class RejectingDraft implements Callable<Integer> {
        @CommandLine.Mixin
        HostArguments arguments;
        String refusal;

        @Override
        public Integer call() {
            try {
                arguments.rejectFlags("no draft here", "--draft-max");
            } catch (IllegalArgumentException e) {
                refusal = e.getMessage();
            }
            return 0;
        }
    }

    @Test
    void servesOneRequestAtATimeOnlyWhenAsked() {
        assertThat(HostArguments.parse("--model", "x.gguf").toConfig().serializeRequests()).isFalse();
        assertThat(HostArguments.parse("--model", "x.gguf", "--serialize-requests", "true").toConfig()
                .concurrentGenerations()).isEqualTo(1);
    }

    @Test
    void warmsUpByDefaultAndTakesTheWarmupCountFromItsFlag() {
        assertThat(HostArguments.parse("--model", "x.gguf").toConfig().warmupRequests())
                .isEqualTo(HostConfig.DEFAULT_WARMUP_REQUESTS).isPositive();
        assertThat(HostArguments.parse("--model", "x.gguf", "--warmup-requests", "0").toConfig().warmupRequests())
                .isZero();
        assertThatThrownBy(() -> HostArguments.parse("--model", "x.gguf", "--warmup-requests", "-1").toConfig())
                .hasMessage("warmupRequests must be between 0 and 100, but was -1");
        assertThatThrownBy(() -> HostArguments.parse("--model", "x.gguf", "--warmup-requests", "a few").toConfig())
                .hasMessage("Invalid value for option '--warmup-requests': 'a few' is not an int");
    }

    @Test
    void configValidationNamesTheBadValue() {
        HostConfig config = HostConfig.defaults("m", Path.of("m.gguf"));

        assertThatThrownBy(() -> config.withParallel(0)).hasMessage("parallel must be between 1 and 256, but was 0");
        assertThatThrownBy(() -> config.withCtxSize(4096).withParallel(128))
                .hasMessageContaining("ctxSize / parallel must be at least");
        assertThatThrownBy(() -> config.withDraftTuning(4, 5, 0.5f))
                .hasMessage("draftMin must be between 0 and 4, but was 5");
        assertThat(config.withApiKey("secret").toString()).doesNotContain("secret");
    }
}
