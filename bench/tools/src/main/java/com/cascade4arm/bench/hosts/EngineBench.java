package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.host.llamaserver.LlamaServerBinary;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Our host on its two engines against a plain llama-server, side by side in one run: aggregate tokens/s at several
 * concurrencies with 4 slots, per demo model size, with and without the draft model; then the race of cascade and
 * baseline on shared cores ({@link RaceBench}). Prints figures; asserts nothing.
 * <pre>java -cp 'bench/tools/target/bench.jar:bench/tools/target/lib/*' com.cascade4arm.bench.hosts.EngineBench
 *     [--llama-server PATH] [--runs 5] [--tokens 64] [--threads N] [--levels 1,2,4,8]
 *     [--models 0.5b,1.5b,1.5b+draft,3b] [--no-race | --race-only] [--race-seconds 10]
 *     [--race-engines jni-process,jni,llama-server]</pre>
 */
public final class EngineBench {

    static final int SLOTS = 4;
    static final String LLAMA_SERVER = "llama-server";
    static final String HOST_LLAMA_SERVER = "host/llama-server";
    static final String HOST_JNI = "host/jni";

    private EngineBench() {
    }

    public static void main(String[] args) throws Exception {
        CliLogging.configure();
        Options options = Arguments.parseOrExit(new Options(), "EngineBench", args, () -> { });
        System.out.printf(Locale.ROOT, "engine bench: %d slots, %d threads, %d-token greedy answers, median of %d rounds"
                + " side by side; llama-server: %s%n%n", SLOTS, options.threads, options.tokens, options.runs,
                options.llamaServer == null ? "none found (JNI only)" : options.llamaServer);
        for (String model : options.models) {
            sweep(model, options);
        }
        if (options.race) {
            List<RaceBench.Placement> engines = options.raceEngines != null ? options.raceEngines
                    : RaceBench.Placement.ALL.stream()
                    .filter(p -> options.llamaServer != null || p.engine() != Engine.LLAMA_SERVER).toList();
            RaceBench.run(options.llamaServer, options.raceSeconds, engines);
        }
        System.exit(0); // llama.cpp leaves a non-daemon native thread behind
    }

    private static void sweep(String model, Options options) throws Exception {
        HostConfig config = config(model).withParallel(SLOTS).withThreads(options.threads);
        List<AutoCloseable> started = new ArrayList<>();
        Map<String, URI> endpoints = new LinkedHashMap<>();
        try {
            if (options.llamaServer != null) {
                BenchEndpoints.RawServer raw = BenchEndpoints.raw(config, options.llamaServer);
                started.add(raw);
                endpoints.put(LLAMA_SERVER, raw.baseUrl());
                ModelEndpointServer front = BenchEndpoints.host(config, Engine.LLAMA_SERVER, options.llamaServer);
                started.add(front);
                endpoints.put(HOST_LLAMA_SERVER, front.baseUrl());
            }
            ModelEndpointServer jni = BenchEndpoints.host(config, Engine.JNI, null);
            started.add(jni);
            endpoints.put(HOST_JNI, jni.baseUrl());
            ThroughputSweep.warmUp(endpoints, options.tokens);
            System.out.println(model + ": aggregate tokens/s (ratio to " + endpoints.keySet().iterator().next() + ")");
            System.out.printf(Locale.ROOT, "  %-11s%s%n", "concurrency", header(endpoints.keySet()));
            Map<String, Double> first = null;
            Map<String, Double> last = null;
            for (int level : options.levels) {
                Map<String, Double> rates = ThroughputSweep.measure(endpoints, level, options.runs, options.tokens);
                first = first == null ? rates : first;
                last = rates;
                System.out.printf(Locale.ROOT, "  %-11d%s%n", level, row(rates));
            }
            System.out.printf(Locale.ROOT, "  %-11s%s%n%n", "c" + options.levels[options.levels.length - 1] + "/c"
                    + options.levels[0], scaling(first, last));
        } finally {
            for (AutoCloseable endpoint : started) {
                endpoint.close();
            }
        }
    }

    static HostConfig config(String model) {
        Path small = DemoModels.ensure(DemoModel.SMALL);
        return switch (model) {
            case "0.5b" -> HostConfig.defaults("demo-0.5b", small);
            case "1.5b" -> HostConfig.defaults("demo-1.5b", DemoModels.ensure(DemoModel.LARGE));
            case "1.5b+draft" -> HostConfig.defaults("demo-1.5b", DemoModels.ensure(DemoModel.LARGE)).withDraft(small);
            case "3b" -> HostConfig.defaults("demo-3b", DemoModels.ensure(DemoModel.BASELINE));
            default -> throw new IllegalArgumentException("--models takes 0.5b, 1.5b, 1.5b+draft, 3b, but had '"
                    + model + "'");
        };
    }

    private static String header(Iterable<String> names) {
        StringBuilder text = new StringBuilder();
        names.forEach(name -> text.append(String.format(Locale.ROOT, "%22s", name)));
        return text.toString();
    }

    private static String row(Map<String, Double> rates) {
        double reference = rates.values().iterator().next();
        StringBuilder text = new StringBuilder();
        rates.forEach((name, rate) -> text.append(String.format(Locale.ROOT, "%22s",
                String.format(Locale.ROOT, "%.0f (%.2fx)", rate, rate / reference))));
        return text.toString();
    }

    private static String scaling(Map<String, Double> first, Map<String, Double> last) {
        StringBuilder text = new StringBuilder();
        first.forEach((name, rate) -> text.append(String.format(Locale.ROOT, "%22s",
                String.format(Locale.ROOT, "%.2fx", last.get(name) / rate))));
        return text.toString();
    }

    /** Command-line options (picocli fills the fields); llama-server defaults to the one on the PATH. */
    @Command(sortOptions = false)
    static final class Options {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;
        @Option(names = "--llama-server", paramLabel = "PATH", description = "llama-server binary (default: on the PATH)")
        Path llamaServer = LlamaServerBinary.onPath(System.getenv("PATH")).orElse(null);
        @Option(names = "--runs", paramLabel = "N", description = "rounds per level, the median is shown (default 5)")
        int runs = 5;
        @Option(names = "--tokens", paramLabel = "N", description = "tokens per greedy answer (default 64)")
        int tokens = 64;
        @Option(names = "--threads", paramLabel = "N", description = "llama.cpp threads (default: all cores)")
        int threads = Runtime.getRuntime().availableProcessors();
        @Option(names = "--levels", paramLabel = "1,2,4,8", split = ",", description = "concurrent requests (default 1,2,4,8)")
        int[] levels = {1, 2, 4, 8};
        @Option(names = "--models", paramLabel = "M,...", split = ",",
                description = "demo models to sweep (default 0.5b,1.5b,1.5b+draft,3b)")
        List<String> models = List.of("0.5b", "1.5b", "1.5b+draft", "3b");
        @Option(names = "--no-race", description = "skip the race of cascade and baseline")
        void noRace(boolean unused) {
            race = false;
        }
        @Option(names = "--race-only", description = "only the race, no sweep")
        void raceOnly(boolean unused) {
            models = List.of();
        }
        @Option(names = "--race-seconds", paramLabel = "N", description = "seconds per race phase (default 10)")
        int raceSeconds = RaceBench.DEFAULT_PHASE_SECONDS;
        @Option(names = "--race-engines", paramLabel = "E,...", split = ",", converter = PlacementConverter.class,
                description = "jni-process, jni and/or llama-server (default: all that are available)")
        List<RaceBench.Placement> raceEngines;
        boolean race = true;

        /** Reads a race engine's name; picocli reports the message of a bad one. */
        static final class PlacementConverter implements CommandLine.ITypeConverter<RaceBench.Placement> {
            @Override
            public RaceBench.Placement convert(String name) {
                return RaceBench.Placement.parse(name);
            }
        }
    }
}
