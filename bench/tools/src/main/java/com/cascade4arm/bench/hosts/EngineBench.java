package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.host.llamaserver.LlamaServerBinary;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
        Options options = Options.parse(args);
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

    /** Command-line options; llama-server defaults to the one on the PATH. */
    static final class Options {
        Path llamaServer = LlamaServerBinary.onPath(System.getenv("PATH")).orElse(null);
        int runs = 5;
        int tokens = 64;
        int threads = Runtime.getRuntime().availableProcessors();
        int[] levels = {1, 2, 4, 8};
        List<String> models = List.of("0.5b", "1.5b", "1.5b+draft", "3b");
        boolean race = true;
        int raceSeconds = RaceBench.DEFAULT_PHASE_SECONDS;
        List<RaceBench.Placement> raceEngines;

        static Options parse(String... args) {
            Options options = new Options();
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                if (flag.equals("--no-race")) {
                    options.race = false;
                    continue;
                }
                if (flag.equals("--race-only")) {
                    options.models = List.of();
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + flag + " needs a value");
                }
                String value = args[++i];
                switch (flag) {
                    case "--llama-server" -> options.llamaServer = Path.of(value);
                    case "--runs" -> options.runs = Integer.parseInt(value);
                    case "--tokens" -> options.tokens = Integer.parseInt(value);
                    case "--threads" -> options.threads = Integer.parseInt(value);
                    case "--levels" -> options.levels = Arrays.stream(value.split(",")).mapToInt(Integer::parseInt).toArray();
                    case "--models" -> options.models = List.of(value.split(","));
                    case "--race-seconds" -> options.raceSeconds = Integer.parseInt(value);
                    case "--race-engines" -> options.raceEngines = Arrays.stream(value.split(","))
                            .map(RaceBench.Placement::parse).toList();
                    default -> throw new IllegalArgumentException("unknown option '" + flag + "'");
                }
            }
            return options;
        }
    }
}
