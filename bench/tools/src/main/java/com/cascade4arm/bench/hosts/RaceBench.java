package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.openai.ChatRequest;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A Compare or Benchmark race on one machine, as the embedded default runs it: the cascade (small and large hosts,
 * 4 slots each) and the baseline (demo-3b, one request at a time) generate at the same time. Per system, the median
 * per-token latency of streamed answers during the race is compared with the same system measured alone; with the
 * CPU split of the embedded default (cascade on the lower half of the CPUs, its two hosts with half of them as threads
 * each; baseline on the upper half) and without it (every host on all CPUs with one thread per CPU).
 */
final class RaceBench {

    /** How the hosts run: an engine, and for JNI whether each host has a JVM of its own (the embedded default). */
    record Placement(Engine engine, boolean ownProcess) {
        static final List<Placement> ALL = List.of(new Placement(Engine.JNI, true), new Placement(Engine.JNI, false),
                new Placement(Engine.LLAMA_SERVER, false));

        /** {@code jni-process}, {@code jni} or {@code llama-server}. */
        static Placement parse(String name) {
            return ALL.stream().filter(p -> p.label().equals(name.trim())).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("race engine must be jni-process, jni or llama-server, but was '"
                            + name + "'"));
        }

        String label() {
            return engine.label() + (ownProcess ? "-process" : "");
        }
    }

    static final int DEFAULT_PHASE_SECONDS = 10;
    static final int ROUNDS = 2;
    static final int TOKENS = 64;
    static final int SLOTS = 4;
    static final int SLOT_CONTEXT_TOKENS = 2048;
    /** Streams kept busy on each cascade host (small and large) and on the baseline. */
    static final int CASCADE_STREAMS_PER_HOST = 2;
    static final int BASELINE_STREAMS = 1;
    private static final String PROMPT = "Explain step by step how rivers shape the valleys they flow through.";

    private RaceBench() {
    }

    static void run(Path llamaServer, int phaseSeconds, List<Placement> engines) throws Exception {
        System.out.printf(Locale.ROOT, "race: cascade (small + large, %d streams each) vs baseline (%d stream), %d-token"
                + " streamed answers, %d s per phase, median ms/token over %d rounds%n", CASCADE_STREAMS_PER_HOST,
                BASELINE_STREAMS, TOKENS, phaseSeconds, ROUNDS);
        System.out.printf(Locale.ROOT, "  %-18s %-22s %-9s %9s %9s %7s%n", "engine", "CPUs", "system", "alone",
                "race", "ratio");
        for (Placement engine : engines) {
            for (boolean split : new boolean[] {true, false}) {
                race(engine, llamaServer, split, phaseSeconds);
            }
        }
        System.out.println();
    }

    private static void race(Placement engine, Path llamaServer, boolean split, int phaseSeconds) throws Exception {
        CpuSet all = ThreadAffinity.current();
        CpuSet cascadeCpus = split && all.size() >= 2 ? all.lowerHalf() : null;
        CpuSet baselineCpus = split && all.size() >= 2 ? all.upperHalf() : null;
        List<ModelEndpointServer> hosts = new ArrayList<>();
        System.err.printf(Locale.ROOT, "race: %s, %s: starting hosts%n", engine.label(), split ? "split" : "shared");
        try {
            Path small = DemoModels.ensure(DemoModel.SMALL);
            ModelEndpointServer smallHost = start(hosts, cascade(HostConfig.defaults("demo-0.5b", small), cascadeCpus,
                    all), engine, llamaServer);
            ModelEndpointServer largeHost = start(hosts, cascade(HostConfig.defaults("demo-1.5b",
                    DemoModels.ensure(DemoModel.LARGE)).withDraft(small), cascadeCpus, all), engine, llamaServer);
            ModelEndpointServer baseline = start(hosts, HostConfig.defaults("demo-3b", DemoModels.ensure(DemoModel.BASELINE))
                    .withCtxSize(SLOT_CONTEXT_TOKENS).withParallel(1).withSerializeRequests(true)
                    .withCpus(baselineCpus).withThreads(threads(baselineCpus, all)), engine, llamaServer);
            List<URI> cascadeTargets = new ArrayList<>();
            for (int i = 0; i < CASCADE_STREAMS_PER_HOST; i++) {
                cascadeTargets.add(smallHost.baseUrl());
                cascadeTargets.add(largeHost.baseUrl());
            }
            List<URI> baselineTargets = Collections.nCopies(BASELINE_STREAMS, baseline.baseUrl());
            load(cascadeTargets, 3);
            load(baselineTargets, 3);
            List<Double> cascadeAlone = new ArrayList<>();
            List<Double> baselineAlone = new ArrayList<>();
            List<Double> cascadeRace = new ArrayList<>();
            List<Double> baselineRace = new ArrayList<>();
            System.err.printf(Locale.ROOT, "race: %s, %s: measuring%n", engine.label(), split ? "split" : "shared");
            for (int round = 0; round < ROUNDS; round++) {
                cascadeAlone.addAll(load(cascadeTargets, phaseSeconds).get(0));
                baselineAlone.addAll(load(baselineTargets, phaseSeconds).get(0));
                List<List<Double>> both = load(cascadeTargets, baselineTargets, phaseSeconds);
                cascadeRace.addAll(both.get(0));
                baselineRace.addAll(both.get(1));
            }
            String placement = split ? "cascade " + cascadeCpus + ", baseline " + baselineCpus : "all on " + all;
            print(engine, placement, "cascade", cascadeAlone, cascadeRace);
            print(engine, "", "baseline", baselineAlone, baselineRace);
        } finally {
            hosts.forEach(ModelEndpointServer::close);
        }
    }

    /** With the split, small and large share the cascade's CPUs as the embedded default does (half each). */
    private static HostConfig cascade(HostConfig config, CpuSet cpus, CpuSet all) {
        return config.withParallel(SLOTS).withCtxSize(SLOTS * SLOT_CONTEXT_TOKENS).withCpus(cpus)
                .withThreads(cpus == null ? all.size() : Math.max(1, cpus.size() / 2));
    }

    private static int threads(CpuSet cpus, CpuSet all) {
        return cpus != null ? cpus.size() : all.size();
    }

    private static ModelEndpointServer start(List<ModelEndpointServer> hosts, HostConfig config, Placement engine,
                                             Path llamaServer) {
        ModelEndpointServer host = BenchEndpoints.host(config, engine.engine(), llamaServer, engine.ownProcess());
        hosts.add(host);
        return host;
    }

    /**
     * Keeps one stream per target busy for {@code seconds} (answers started before then finish); ms/token of each
     * answer, per target group.
     */
    @SafeVarargs
    private static List<List<Double>> load(int seconds, List<URI>... groups) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        int workers = 0;
        for (List<URI> group : groups) {
            workers += group.size();
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<List<Future<List<Double>>>> running = new ArrayList<>();
            for (List<URI> group : groups) {
                List<Future<List<Double>>> futures = new ArrayList<>();
                for (URI target : group) {
                    futures.add(pool.submit(() -> streamUntil(target, deadline)));
                }
                running.add(futures);
            }
            List<List<Double>> results = new ArrayList<>();
            for (List<Future<List<Double>>> futures : running) {
                List<Double> latencies = new ArrayList<>();
                for (Future<List<Double>> future : futures) {
                    latencies.addAll(future.get());
                }
                results.add(latencies);
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<List<Double>> load(List<URI> targets, int seconds) throws Exception {
        return load(seconds, targets);
    }

    private static List<List<Double>> load(List<URI> first, List<URI> second, int seconds) throws Exception {
        return load(seconds, first, second);
    }

    private static List<Double> streamUntil(URI target, long deadline) {
        StreamingChatClient client = new StreamingChatClient(target.toString(), null,
                StreamingChatClient.DEFAULT_REQUEST_TIMEOUT_MS);
        List<Double> msPerToken = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            StreamResult result = client.stream(ChatRequest.userPrompt("any", PROMPT, TOKENS, true));
            if (!result.ok()) {
                throw new IllegalStateException(target + " failed: " + result.error());
            }
            if (result.tokensPerSecond() > 0) { // every answer started before the deadline counts
                msPerToken.add(1000.0 / result.tokensPerSecond());
            }
        }
        return msPerToken;
    }

    private static void print(Placement engine, String placement, String system, List<Double> alone, List<Double> race) {
        double aloneMs = Percentiles.median(alone);
        double raceMs = Percentiles.median(race);
        System.out.printf(Locale.ROOT, "  %-18s %-22s %-9s %9.2f %9.2f %6.2fx%n",
                placement.isEmpty() ? "" : engine.label(), placement, system, aloneMs, raceMs, raceMs / aloneMs);
    }
}
