package com.cascade4arm.app;

import com.cascade4arm.baseline.BaselineHost;
import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.ModelHosts;
import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The embedded default: the demo models no configured URL replaces run on loopback ports — small
 * (demo-0.5b), large (demo-1.5b drafted by demo-0.5b) and the baseline (demo-3b, one request at a time) — on the
 * configured engine (a supervised llama-server where one is installed, else llama.cpp through JNI), the cascade's hosts
 * and the baseline on their own CPUs ({@link EmbeddedCpus}). JNI hosts run each in a supervised JVM of its own unless
 * {@code hostProcesses} is off: llama.cpp with several models computing at once in one JVM sometimes ends an answer at
 * its first token, and a process can be pinned to its CPUs whole (the JNI receive loop spins on a CPU of its own).
 */
final class EmbeddedHosts implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedHosts.class);

    /** Context per slot: room for a long prompt plus the gateway's largest max_tokens (1024). */
    static final int SLOT_CONTEXT_TOKENS = 2048;
    /** small and large */
    static final int CASCADE_HOSTS = 2;

    /**
     * How the embedded hosts run.
     *
     * @param threads       llama.cpp threads per host, or null for the host's CPUs shared out
     *                      ({@link EmbeddedCpus#threads})
     * @param hostProcesses JNI hosts each in a JVM of their own (false: in the gateway's JVM)
     * @param warmupRequests answers each JNI host generates before it says ready (llama-server warms up by itself)
     */
    record Options(Path modelsDir, int slots, Integer threads, Engine engine, Path llamaServer, EmbeddedCpus cpus,
                   boolean hostProcesses, int warmupRequests) {
    }

    private final List<ModelEndpointServer> servers = new ArrayList<>();
    private URI small;
    private URI large;
    private URI baseline;
    private ModelEndpointServer baselineServer;

    /** Starts the demo hosts in {@code wanted} (what no configured URL serves); the others stay null. */
    static EmbeddedHosts start(Options options, Set<DemoModel> wanted) {
        EmbeddedHosts hosts = new EmbeddedHosts();
        try {
            Path smallModel = DemoModels.ensure(DemoModel.SMALL, options.modelsDir()); // the large host's draft too
            int slots = options.slots();
            boolean own = options.hostProcesses();
            if (wanted.contains(DemoModel.SMALL)) {
                hosts.small = hosts.add(ModelHosts.start(cascadeHost(options, DemoModel.SMALL, smallModel)
                        .withParallel(slots).withCtxSize(slots * SLOT_CONTEXT_TOKENS), own));
            }
            if (wanted.contains(DemoModel.LARGE)) {
                Path largeModel = DemoModels.ensure(DemoModel.LARGE, options.modelsDir());
                hosts.large = hosts.add(ModelHosts.start(cascadeHost(options, DemoModel.LARGE, largeModel)
                        .withDraft(smallModel).withParallel(slots).withCtxSize(slots * SLOT_CONTEXT_TOKENS), own));
            }
            if (wanted.contains(DemoModel.BASELINE)) {
                Path baselineModel = DemoModels.ensure(DemoModel.BASELINE, options.modelsDir());
                hosts.baselineServer = BaselineHost.startLocal(host(options, DemoModel.BASELINE, baselineModel,
                        options.cpus().baseline(), 1).withCtxSize(SLOT_CONTEXT_TOKENS), own);
                hosts.baseline = hosts.add(hosts.baselineServer);
            }
            LOG.info("embedded hosts: small {} large {} (CPUs {}) baseline {} (CPUs {}){}", shown(hosts.small),
                    shown(hosts.large), cpus(options.cpus().cascade()), shown(hosts.baseline),
                    cpus(options.cpus().baseline()), notStarted(wanted));
            return hosts;
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
    }

    /** The demo models a configured URL replaces, for the start-up line. */
    private static String notStarted(Set<DemoModel> wanted) {
        Set<DemoModel> others = EnumSet.allOf(DemoModel.class);
        others.removeAll(wanted);
        return others.isEmpty() ? "" : "; not started (a configured URL serves it): "
                + others.stream().map(DemoModel::id).collect(java.util.stream.Collectors.joining(", "));
    }

    private static String shown(URI url) {
        return url == null ? "-" : url.toString();
    }

    /** The cascade's two hosts share its CPUs. */
    private static HostConfig cascadeHost(Options options, DemoModel model, Path file) {
        return host(options, model, file, options.cpus().cascade(), CASCADE_HOSTS);
    }

    private static HostConfig host(Options options, DemoModel model, Path file, CpuSet cpus, int sharing) {
        return HostConfig.defaults(model.id(), file)
                .withThreads(EmbeddedCpus.threads(options.threads(), cpus, sharing))
                .withCpus(cpus)
                .withEngine(options.engine(), options.llamaServer())
                .withWarmupRequests(options.warmupRequests());
    }

    private static String cpus(CpuSet set) {
        return set == null ? "any" : set.toString();
    }

    private URI add(ModelEndpointServer server) {
        servers.add(server);
        return server.baseUrl();
    }

    URI small() {
        return small;
    }

    URI large() {
        return large;
    }

    URI baseline() {
        return baseline;
    }

    /**
     * Waits until the embedded baseline has loaded its model, at most {@code within}: Compare and Benchmark race it, so
     * the gateway says ready once they can (the quick start's first Compare got "Loading model" otherwise). A baseline
     * that fails or takes longer is logged, and the gateway starts all the same: chat does not need it.
     */
    void awaitBaseline(Duration within) {
        if (baselineServer == null) {
            return;
        }
        try {
            baselineServer.awaitReady(within);
        } catch (IllegalStateException e) {
            LOG.warn("the embedded baseline is not ready ({}); Compare and Benchmark answer for it once it is",
                    e.getMessage());
        }
    }

    @Override
    public void close() {
        servers.forEach(ModelEndpointServer::close);
    }
}
