package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.OutputOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * How many streamed chat requests a second a gateway serves, and what it adds at that rate (issue 33 §3): an open-loop
 * load (fixed arrival rates, so a slow target shows as latency and failures, not as a lower rate) at rising rates
 * against the upstream called directly (the reference), a bare pass-through proxy (the floor of any HTTP hop) and the
 * gateway, in one run. Each rate runs each target for {@code --duration} seconds, split into {@code --slices} turns
 * (direct, proxy, gateway, direct, ...) so drift on a shared machine hits all three alike. Prints per rate and target
 * the achieved rate, TTFT and total latency percentiles, what it added over direct, failures, the processes' CPU, and
 * at the end the highest rate at which gateway and proxy kept p99 added within {@code --p99-added-limit} (see
 * {@link SustainedRate}).
 */
@Command(name = "ThroughputBench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Streamed requests per second a gateway serves at a bounded added latency, against a direct "
                + "reference and a bare proxy, under an open-loop load.")
public final class ThroughputBench implements Callable<Integer> {
    @Option(names = "--direct", required = true, paramLabel = "URL", description = "the upstream, called straight")
    String direct;
    @Option(names = "--proxy", paramLabel = "URL", description = "a bare pass-through proxy in front of it (the floor)")
    String proxy;
    @Option(names = "--gateway", required = true, paramLabel = "URL", description = "the gateway in front of it")
    String gateway;
    @Option(names = "--upstream-pid", paramLabel = "PID", description = "the upstream's process: its CPU from /proc")
    Long upstreamPid;
    @Option(names = "--proxy-pid", paramLabel = "PID", description = "the proxy's process")
    Long proxyPid;
    @Option(names = "--gateway-pid", paramLabel = "PID", description = "the gateway's process")
    Long gatewayPid;
    @Option(names = "--rates", split = ",", defaultValue = "500,1000,2000,3000,4000", paramLabel = "R1,R2",
            description = "offered rates in requests per second, ascending (default: ${DEFAULT-VALUE})")
    List<Double> rates;
    @Option(names = "--duration", defaultValue = "10", paramLabel = "SECONDS",
            description = "seconds each target is offered each rate (default: ${DEFAULT-VALUE})")
    double duration;
    @Option(names = "--slices", defaultValue = "2", description = "turns the duration is split into (default: ${DEFAULT-VALUE})")
    int slices;
    @Option(names = "--lead-in", defaultValue = "1", paramLabel = "SECONDS",
            description = "unmeasured seconds at the rate before each slice: a client at that rate keeps its "
                    + "connections open, while a target waiting for its turn had them closed (default: ${DEFAULT-VALUE})")
    double leadIn;
    @Option(names = "--warmup", defaultValue = "10", paramLabel = "SECONDS",
            description = "unmeasured seconds per target before the first rate (default: ${DEFAULT-VALUE})")
    double warmup;
    @Option(names = "--warmup-rate", defaultValue = "2000", paramLabel = "REQ/S",
            description = "offered rate of the warm-up (default: ${DEFAULT-VALUE})")
    double warmupRate;
    @Option(names = "--max-tokens", defaultValue = "8", description = "tokens per answer (default: ${DEFAULT-VALUE})")
    int maxTokens;
    @Option(names = "--prompt", defaultValue = "Hi there!", description = "the user message (default: ${DEFAULT-VALUE})")
    String prompt;
    @Option(names = "--connections", defaultValue = "64",
            description = "connections per target; requests beyond wait in the client's queue, and the wait counts "
                    + "(default: ${DEFAULT-VALUE}, the gateway's edge limit per client in the script)")
    int connections;
    @Option(names = "--max-pending", defaultValue = "2000",
            description = "outstanding requests beyond which a due request is dropped, counted as a failure "
                    + "(default: ${DEFAULT-VALUE})")
    int maxPending;
    @Option(names = "--p99-added-limit", defaultValue = "5", paramLabel = "MS",
            description = "p99 latency added over direct that a sustained rate may not exceed (default: ${DEFAULT-VALUE})")
    double p99AddedLimitMs;
    @Option(names = "--slow-log", paramLabel = "FILE",
            description = "appends each request slower than --slow-ms: target, rate, when it was sent (epoch seconds, "
                    + "to line up with a GC log written with -Xlog:...:time) and its latency in ms")
    Path slowLog;
    @Option(names = "--slow-ms", defaultValue = "5", description = "what --slow-log counts as slow (default: ${DEFAULT-VALUE})")
    double slowMs;

    public static void main(String[] args) {
        CliLogging.configure();
        System.exit(new CommandLine(new ThroughputBench()).execute(args));
    }

    /** A target with its sender and the process whose CPU counts as its own. */
    private record Target(String name, OpenLoopSender sender, Long pid) {
    }

    @Override
    public Integer call() throws Exception {
        if (rates.isEmpty() || slices < 1 || !(duration > 0)) {
            throw new IllegalArgumentException("--rates, --slices and --duration need values above 0, but were "
                    + rates + ", " + slices + ", " + duration);
        }
        ChatRequest request = new ChatRequest("small", List.of(ChatMessage.user(prompt)), true, true, maxTokens,
                maxTokens, null, null, null, null, null, List.of(), false, OutputOptions.NONE);
        Buffer body = Buffer.buffer(request.toJson().toString());
        // One event loop: on the 2-CPU machine the load generator and the upstream share one CPU.
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1)
                .setUseDaemonThread(true));
        List<Target> targets = new ArrayList<>();
        targets.add(new Target("direct", new OpenLoopSender(vertx, direct, body, connections), upstreamPid));
        if (proxy != null) {
            targets.add(new Target("proxy", new OpenLoopSender(vertx, proxy, body, connections), proxyPid));
        }
        targets.add(new Target("gateway", new OpenLoopSender(vertx, gateway, body, connections), gatewayPid));
        System.out.printf(Locale.ROOT, "open loop, streamed, %d tokens, %d connections per target, at most %d pending; "
                        + "%.0f s per target per rate in %d slices; warm-up %.0f s at %.0f req/s per target%n",
                maxTokens, connections, maxPending, duration, slices, warmup, warmupRate);
        for (Target target : targets) {
            if (warmup > 0) {
                StepSamples warm = new StepSamples();
                // At most one request per connection pending: a cold target queues seconds of requests otherwise.
                await(target.sender().run(warmupRate, warmup, connections, warm));
                System.out.printf(Locale.ROOT, "warm-up %-8s %6.0f req/s achieved, %d failed, %d dropped, p50 %.3f ms%n",
                        target.name(), warm.achievedRate(), warm.errors(), warm.dropped(), warm.total(50));
            }
        }
        ThroughputReport report = new ThroughputReport(p99AddedLimitMs);
        for (double rate : rates) {
            report.rate(rate, measure(targets, rate));
        }
        report.summary();
        vertx.close();
        return 0;
    }

    /** Every target at one rate, slice by slice in turn; what each measured and spent. */
    private List<TargetStep> measure(List<Target> targets, double rate) throws Exception {
        Map<Target, StepSamples> samples = new LinkedHashMap<>();
        // Per target: its CPU, its wait for a CPU, the load generator's and the upstream's CPU (ns); busy % per CPU.
        Map<Target, double[]> cpu = new LinkedHashMap<>();
        long self = ProcessHandle.current().pid();
        for (int slice = 0; slice < slices; slice++) {
            for (Target target : targets) {
                StepSamples into = samples.computeIfAbsent(target, t -> new StepSamples());
                if (leadIn > 0) { // unmeasured: the connections a target closed while it waited for its turn reopen
                    await(target.sender().run(rate, leadIn, maxPending, new StepSamples()));
                }
                CpuBusy busyBefore = CpuBusy.read();
                double targetBefore = ProcessCpu.nanos(target.pid());
                double waitBefore = ProcessCpu.waitingNanos(target.pid());
                double loadBefore = ProcessCpu.nanos(self);
                double upstreamBefore = ProcessCpu.nanos(upstreamPid);
                await(target.sender().run(rate, duration / slices, maxPending, into));
                double[] busy = CpuBusy.read().percentSince(busyBefore);
                double[] spent = cpu.computeIfAbsent(target, t -> new double[4 + busy.length]);
                spent[0] += ProcessCpu.nanos(target.pid()) - targetBefore;
                spent[1] += ProcessCpu.waitingNanos(target.pid()) - waitBefore;
                spent[2] += ProcessCpu.nanos(self) - loadBefore;
                spent[3] += ProcessCpu.nanos(upstreamPid) - upstreamBefore;
                for (int i = 0; i < busy.length && 4 + i < spent.length; i++) {
                    spent[4 + i] += busy[i] / slices;
                }
            }
        }
        List<TargetStep> steps = new ArrayList<>();
        for (Target target : targets) {
            logSlow(target.name(), rate, samples.get(target));
            double[] spent = cpu.get(target);
            double[] busy = Arrays.copyOfRange(spent, 4, spent.length);
            steps.add(new TargetStep(target.name(), rate, samples.get(target), spent[0], spent[1], spent[2], spent[3],
                    busy));
        }
        return steps;
    }

    /** Appends the step's requests slower than {@code --slow-ms} to {@code --slow-log}, if one was given. */
    private void logSlow(String target, double rate, StepSamples step) throws IOException {
        if (slowLog == null) {
            return;
        }
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(slowLog, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND))) {
            for (double[] slow : step.slowerThan(slowMs)) {
                out.printf(Locale.ROOT, "%s %.0f %.3f %.3f%n", target, rate, slow[0] / 1000, slow[1]);
            }
        }
    }

    private static void await(Future<Void> done) throws Exception {
        done.toCompletionStage().toCompletableFuture().get(10, TimeUnit.MINUTES);
    }
}
