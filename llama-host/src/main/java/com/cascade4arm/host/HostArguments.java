package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.host.cpu.CpuSet;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Command-line flags of the standalone hosts (a picocli mixin), named like llama-server's ({@code --model},
 * {@code -md}, {@code --ctx-size}/{@code -c}, {@code --threads}/{@code -t}, {@code --parallel}/{@code -np}, ...), plus
 * {@code --demo small|large|baseline} for the generated demo models, {@code --proxy URL} for the baseline proxy,
 * {@code --engine auto|jni|llama-server} with {@code --llama-server PATH}, {@code --cpus 0-3} to pin the model, and
 * {@code --serialize-requests true} for one request at a time, the others waiting in order (the baseline's way), and
 * {@code --warmup-requests N} for the warm-up answers generated before the host says ready (0: none).
 */
public final class HostArguments {

    /** Port of the standalone hosts when --port is not given (llama-server's default). */
    public static final int DEFAULT_STANDALONE_PORT = 8080;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    @Option(names = {"--model", "-m"}, paramLabel = "FILE", description = "GGUF to serve (or --demo)")
    private Path model;
    @Option(names = "--demo", paramLabel = "small|large|baseline", converter = DemoChoice.class,
            description = "generated demo model; large implies demo-0.5b as draft")
    private DemoModel demo;
    @Option(names = {"--model-draft", "-md"}, paramLabel = "FILE", description = "draft model for speculative decoding")
    private Path draftModel;
    @Option(names = {"--draft-max", "--draft", "--draft-n"}, paramLabel = "N",
            description = "most tokens drafted per step (default " + HostConfig.DEFAULT_DRAFT_MAX_TOKENS + ")")
    private Integer draftMax;
    @Option(names = {"--draft-min", "--draft-n-min"}, paramLabel = "N",
            description = "fewest draft tokens worth verifying (default " + HostConfig.DEFAULT_DRAFT_MIN_TOKENS + ")")
    private Integer draftMin;
    @Option(names = "--draft-p-min", paramLabel = "P",
            description = "minimum draft-token probability to keep drafting (default " + HostConfig.DEFAULT_DRAFT_P_MIN + ")")
    private Float draftPMin;
    @Option(names = {"--ctx-size", "-c"}, paramLabel = "N",
            description = "total context in tokens, split across slots (default " + HostConfig.DEFAULT_CTX_SIZE_TOKENS + ")")
    private Integer ctxSize;
    @Option(names = {"--threads", "-t"}, paramLabel = "N", description = "generation threads (default: all cores, or one per --cpus)")
    private Integer threads;
    @Option(names = {"--parallel", "-np"}, paramLabel = "N",
            description = "slots generating at the same time (default " + HostConfig.DEFAULT_PARALLEL_SLOTS + ")")
    private Integer parallel;
    @Option(names = "--host", paramLabel = "H", description = "bind address (default " + HostConfig.DEFAULT_HOST + ")")
    private String host;
    @Option(names = "--port", paramLabel = "P", description = "TCP port (default " + DEFAULT_STANDALONE_PORT + ")")
    private Integer port;
    @Option(names = "--api-key", paramLabel = "K", description = "require Authorization: Bearer K on /v1/*")
    private String apiKey;
    @Option(names = {"--alias", "-a"}, paramLabel = "NAME", description = "model id (default: file name without .gguf)")
    private String alias;
    @Option(names = "--proxy", paramLabel = "URL", description = "forward to an existing server (baseline-host only)")
    private String proxy;
    @Option(names = "--max-body-bytes", paramLabel = "N",
            description = "larger request bodies get 413 (default " + HostConfig.DEFAULT_MAX_BODY_BYTES + ")")
    private Long maxBodyBytes;
    @Option(names = "--engine", paramLabel = "auto|jni|llama-server", description = "what runs the model (default auto)")
    private String engine;
    @Option(names = "--llama-server", paramLabel = "PATH", description = "the llama-server binary the engine runs")
    private Path llamaServer;
    @Option(names = "--cpus", paramLabel = "LIST", description = "pin the model to these CPUs, e.g. 0-3")
    private String cpus;
    @Option(names = "--serialize-requests", paramLabel = "true|false", arity = "1",
            description = "one request at a time, the others waiting in order (default false)")
    private boolean serializeRequests;
    @Option(names = "--warmup-requests", paramLabel = "N",
            description = "warm-up answers before the host says ready (default " + HostConfig.DEFAULT_WARMUP_REQUESTS + ")")
    private Integer warmupRequests;

    /**
     * The command line for {@code command} (a picocli command that mixes these flags in): as
     * before picocli, the last of a repeated flag wins and an argument starting with '@' is a value, not a file to read.
     */
    public static CommandLine commandLine(Object command) {
        return new CommandLine(command).setOverwrittenOptionsAllowed(true).setExpandAtFiles(false);
    }

    /** Parses the flags alone; unknown flags, missing values and malformed numbers throw picocli's ParameterException. */
    public static HostArguments parse(String... args) {
        FlagsAlone command = new FlagsAlone();
        commandLine(command).parseArgs(args);
        return command.arguments;
    }

    /** Runs a standalone host's command: usage errors end the process with picocli's exit code, after saying why. */
    public static void execute(Object command, String... args) {
        int exitCode = commandLine(command).execute(args);
        if (exitCode != CommandLine.ExitCode.OK) {
            System.exit(exitCode);
        }
    }

    /** The host configuration these flags describe; {@code --demo} or {@code --model} must be given. */
    public HostConfig toConfig() {
        Path servedModel;
        Path draft = draftModel;
        String defaultAlias;
        if (demo != null) {
            servedModel = DemoModels.ensure(demo);
            if (demo == DemoModel.LARGE && draft == null) {
                draft = DemoModels.ensure(DemoModel.SMALL);
            }
            defaultAlias = demo.id();
        } else if (model != null) {
            servedModel = model;
            defaultAlias = stripExtension(model.getFileName().toString());
        } else {
            throw new IllegalArgumentException("either --model FILE.gguf or --demo small|large|baseline is required");
        }
        HostConfig config = HostConfig.defaults(alias != null ? alias : defaultAlias, servedModel).withDraft(draft);
        config = config.withDraftTuning(or(draftMax, config.draftMax()), or(draftMin, config.draftMin()),
                draftPMin != null ? draftPMin : config.draftPMin());
        CpuSet cpuSet = cpus != null ? CpuSet.parse(cpus) : null;
        config = config.withCtxSize(or(ctxSize, config.ctxSize()))
                .withThreads(or(threads, cpuSet != null ? cpuSet.size() : config.threads()))
                .withCpus(cpuSet)
                .withEngine(engine != null ? Engine.parse(engine) : Engine.AUTO, llamaServer)
                .withParallel(or(parallel, config.parallel()))
                .withHost(host())
                .withPort(port())
                .withApiKey(apiKey)
                .withSerializeRequests(serializeRequests)
                .withWarmupRequests(or(warmupRequests, config.warmupRequests()));
        if (maxBodyBytes != null) {
            config = config.withMaxBodyBytes(maxBodyBytes);
        }
        return config;
    }

    /** Fails if any of {@code flags} was given, under any of its names (e.g. draft flags for the baseline). */
    public void rejectFlags(String reason, String... flags) {
        CommandLine.ParseResult given = command.commandLine().getParseResult();
        for (String flag : List.of(flags)) {
            if (given.hasMatchedOption(flag)) {
                throw new IllegalArgumentException("option " + flag + " is not supported: " + reason);
            }
        }
    }

    /** The upstream of the baseline proxy, or null when the host serves a model itself. */
    public String proxy() {
        return proxy;
    }

    public String apiKey() {
        return apiKey;
    }

    public String host() {
        return host != null ? host : HostConfig.DEFAULT_HOST;
    }

    public int port() {
        return or(port, DEFAULT_STANDALONE_PORT);
    }

    private static int or(Integer given, int fallback) {
        return given != null ? given : fallback;
    }

    private static String stripExtension(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).endsWith(".gguf")
                ? fileName.substring(0, fileName.length() - ".gguf".length()) : fileName;
    }

    /** A command of these flags only: picocli injects the command spec rejectFlags reads into mixins only. */
    private static final class FlagsAlone {
        @Mixin
        private final HostArguments arguments = new HostArguments();
    }

    /** {@code --demo}: the demo models by the size they stand in for. */
    static final class DemoChoice implements CommandLine.ITypeConverter<DemoModel> {
        @Override
        public DemoModel convert(String name) {
            return switch (name.toLowerCase(Locale.ROOT)) {
                case "small" -> DemoModel.SMALL;
                case "large" -> DemoModel.LARGE;
                case "baseline" -> DemoModel.BASELINE;
                default -> throw new CommandLine.TypeConversionException("must be small, large or baseline, but was '"
                        + name + "'");
            };
        }
    }
}
