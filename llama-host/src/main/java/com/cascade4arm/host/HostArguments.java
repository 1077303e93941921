package com.cascade4arm.host;

import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.demo.DemoModel;
import com.cascade4arm.host.demo.DemoModels;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Command-line flags of the standalone hosts, named like llama-server's ({@code --model}, {@code -md},
 * {@code --ctx-size}/{@code -c}, {@code --threads}/{@code -t}, {@code --parallel}/{@code -np}, ...), plus
 * {@code --demo small|large|baseline} for the generated demo models, {@code --proxy URL} for the baseline proxy,
 * {@code --engine auto|jni|llama-server} with {@code --llama-server PATH}, {@code --cpus 0-3} to pin the model, and
 * {@code --serialize-requests true} for one request at a time, the others waiting in order (the baseline's way), and
 * {@code --warmup-requests N} for the warm-up answers generated before the host says ready (0: none).
 */
public final class HostArguments {

    /** Port of the standalone hosts when --port is not given (llama-server's default). */
    public static final int DEFAULT_STANDALONE_PORT = 8080;

    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("-m", "--model"), Map.entry("-md", "--model-draft"), Map.entry("-c", "--ctx-size"),
            Map.entry("-t", "--threads"), Map.entry("-np", "--parallel"), Map.entry("-a", "--alias"),
            Map.entry("--draft", "--draft-max"), Map.entry("--draft-n", "--draft-max"),
            Map.entry("--draft-n-min", "--draft-min"));
    private static final Set<String> FLAGS = Set.of("--model", "--model-draft", "--draft-max", "--draft-min",
            "--draft-p-min", "--ctx-size", "--threads", "--parallel", "--host", "--port", "--api-key", "--alias",
            "--demo", "--proxy", "--max-body-bytes", "--engine", "--llama-server", "--cpus", "--serialize-requests",
            "--warmup-requests");

    private final Map<String, String> values;

    private HostArguments(Map<String, String> values) {
        this.values = values;
    }

    /** Parses {@code --flag value} pairs; unknown flags and missing values are errors that name the flag. */
    public static HostArguments parse(String... args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String flag = ALIASES.getOrDefault(args[i], args[i]);
            if (!FLAGS.contains(flag)) {
                throw new IllegalArgumentException("unknown option '" + args[i] + "'; known options: "
                        + String.join(" ", FLAGS.stream().sorted().toList()));
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + " needs a value");
            }
            values.put(flag, args[++i]);
        }
        return new HostArguments(values);
    }

    public boolean has(String flag) {
        return values.containsKey(flag);
    }

    public String value(String flag) {
        return values.get(flag);
    }

    /** The host configuration these flags describe; {@code --demo} or {@code --model} must be given. */
    public HostConfig toConfig() {
        Path model;
        Path draft = path("--model-draft");
        String defaultAlias;
        if (has("--demo")) {
            DemoModel demo = demoModel(value("--demo"));
            model = DemoModels.ensure(demo);
            if (demo == DemoModel.LARGE && draft == null) {
                draft = DemoModels.ensure(DemoModel.SMALL);
            }
            defaultAlias = demo.id();
        } else if (has("--model")) {
            model = Path.of(value("--model"));
            defaultAlias = stripExtension(model.getFileName().toString());
        } else {
            throw new IllegalArgumentException("either --model FILE.gguf or --demo small|large|baseline is required");
        }
        HostConfig config = HostConfig.defaults(values.getOrDefault("--alias", defaultAlias), model).withDraft(draft);
        config = config.withDraftTuning(integer("--draft-max", config.draftMax()),
                integer("--draft-min", config.draftMin()), decimal("--draft-p-min", config.draftPMin()));
        CpuSet cpus = has("--cpus") ? CpuSet.parse(value("--cpus")) : null;
        config = config.withCtxSize(integer("--ctx-size", config.ctxSize()))
                .withThreads(integer("--threads", cpus != null ? cpus.size() : config.threads()))
                .withCpus(cpus)
                .withEngine(has("--engine") ? Engine.parse(value("--engine")) : Engine.AUTO, path("--llama-server"))
                .withParallel(integer("--parallel", config.parallel()))
                .withHost(values.getOrDefault("--host", config.host()))
                .withPort(integer("--port", DEFAULT_STANDALONE_PORT))
                .withApiKey(values.get("--api-key"))
                .withSerializeRequests(bool("--serialize-requests"))
                .withWarmupRequests(integer("--warmup-requests", config.warmupRequests()));
        if (has("--max-body-bytes")) {
            config = config.withMaxBodyBytes(Long.parseLong(value("--max-body-bytes")));
        }
        return config;
    }

    /** Fails if any of {@code flags} was given (e.g. draft flags for the baseline). */
    public void rejectFlags(String reason, String... flags) {
        for (String flag : List.of(flags)) {
            if (has(flag)) {
                throw new IllegalArgumentException("option " + flag + " is not supported: " + reason);
            }
        }
    }

    private static DemoModel demoModel(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "small" -> DemoModel.SMALL;
            case "large" -> DemoModel.LARGE;
            case "baseline" -> DemoModel.BASELINE;
            default -> throw new IllegalArgumentException("--demo must be small, large or baseline, but was '"
                    + name + "'");
        };
    }

    private Path path(String flag) {
        return has(flag) ? Path.of(value(flag)) : null;
    }

    private int integer(String flag, int fallback) {
        if (!has(flag)) {
            return fallback;
        }
        try {
            return Integer.parseInt(value(flag));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " must be an integer, but was '" + value(flag) + "'");
        }
    }

    private boolean bool(String flag) {
        String value = values.getOrDefault(flag, "false");
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(flag + " must be true or false, but was '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    private float decimal(String flag, float fallback) {
        if (!has(flag)) {
            return fallback;
        }
        try {
            return Float.parseFloat(value(flag));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " must be a number, but was '" + value(flag) + "'");
        }
    }

    private static String stripExtension(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).endsWith(".gguf")
                ? fileName.substring(0, fileName.length() - ".gguf".length()) : fileName;
    }
}
