package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.Pair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * The in-process engine's ceiling without HTTP or any of our code: de.kherud:llama called directly, one thread
 * receiving every generation's tokens in turn (the host's token pump design), generations replaced as soon as they
 * finish. Prints aggregate tokens/s at concurrency 1 and 4 on demo-0.5b, the receiving thread's CPU time as a share of
 * wall time, and how many receives spun for more than a decoding step's worth of CPU — the cost of llama.cpp b4916's
 * {@code server_response::recv}, which busy-loops while the result queue holds other generations' results.
 * <pre>java -cp 'bench/tools/target/bench.jar:bench/tools/target/lib/*' com.cascade4arm.bench.hosts.ReceiveBench [rounds] [threads]</pre>
 */
public final class ReceiveBench {

    static final int TOKENS = 64;
    static final int TOKENS_PER_ROUND = 1_500;
    /** A receive that burns this much CPU spun on llama.cpp's result mutex instead of sleeping. */
    static final long SPIN_CPU_NANOS = 300_000;

    private ReceiveBench() {
    }

    /** The two positional arguments (picocli fills the fields). */
    @Command
    static final class Options {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;
        @Parameters(index = "0", arity = "0..1", paramLabel = "rounds", description = "measured rounds (default 5)")
        int rounds = 5;
        @Parameters(index = "1", arity = "0..1", paramLabel = "threads", description = "llama.cpp threads (default: all cores)")
        int threads = Runtime.getRuntime().availableProcessors();
    }

    public static void main(String[] args) {
        CliLogging.configure();
        Options options = Arguments.parseOrExit(new Options(), "ReceiveBench", args, () -> { });
        ModelParameters parameters = new ModelParameters().setModel(DemoModels.ensure(DemoModel.SMALL).toString())
                .setCtxSize(4096).setThreads(options.threads).setParallel(4).disableLog();
        LlamaModel model = new LlamaModel(parameters);
        InferenceParameters templating = new InferenceParameters("").setUseChatTemplate(true);
        templating.setMessages(null, List.of(new Pair<>("user", Completions.PROMPT)));
        String prompt = model.applyTemplate(templating);
        System.out.printf(Locale.ROOT, "receive bench: de.kherud:llama in-process, demo-0.5b, 4 slots, %d threads, "
                + "%d-token greedy answers, one receiving thread, median of %d rounds of %d tokens%n", options.threads, TOKENS,
                options.rounds, TOKENS_PER_ROUND);
        for (int concurrency : new int[] {1, 4}) {
            List<Double> rates = new ArrayList<>();
            List<Double> cpuShares = new ArrayList<>();
            List<Double> spins = new ArrayList<>();
            round(model, prompt, concurrency); // warm-up
            for (int i = 0; i < options.rounds; i++) {
                double[] result = round(model, prompt, concurrency);
                rates.add(result[0]);
                cpuShares.add(result[1]);
                spins.add(result[2]);
            }
            System.out.printf(Locale.ROOT, "  concurrency %d: %6.0f tok/s   receiver CPU %3.0f%% of wall   spinning "
                    + "receives %4.1f%%%n", concurrency, Percentiles.median(rates), 100 * Percentiles.median(cpuShares),
                    100 * Percentiles.median(spins));
        }
        System.exit(0); // llama.cpp leaves a non-daemon native thread behind
    }

    /** Tokens/s, receiver CPU share of wall time, share of receives that spun. */
    private static double[] round(LlamaModel model, String prompt, int concurrency) {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Deque<Iterator<LlamaOutput>> turns = new ArrayDeque<>();
        for (int i = 0; i < concurrency; i++) {
            turns.add(start(model, prompt));
        }
        long wallStart = System.nanoTime();
        long cpuStart = cpu.getCurrentThreadCpuTime();
        int received = 0;
        int tokens = 0;
        int spun = 0;
        while (tokens < TOKENS_PER_ROUND) {
            Iterator<LlamaOutput> turn = turns.pollFirst();
            long before = cpu.getCurrentThreadCpuTime();
            turn.next();
            received++;
            spun += cpu.getCurrentThreadCpuTime() - before > SPIN_CPU_NANOS ? 1 : 0;
            if (turn.hasNext()) {
                tokens++; // the final output of a generation carries no new token
                turns.addLast(turn);
            } else {
                turns.addLast(start(model, prompt));
            }
        }
        long wall = System.nanoTime() - wallStart;
        double cpuShare = (cpu.getCurrentThreadCpuTime() - cpuStart) / (double) wall;
        for (Iterator<LlamaOutput> turn : turns) {
            while (turn.hasNext()) {
                turn.next();
            }
        }
        return new double[] {tokens / (wall / 1e9), cpuShare, spun / (double) received};
    }

    private static Iterator<LlamaOutput> start(LlamaModel model, String prompt) {
        return model.generate(new InferenceParameters(prompt).setNPredict(TOKENS).setTemperature(0)
                .setCachePrompt(true)).iterator();
    }
}
