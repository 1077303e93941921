package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.OutputOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Measures what the gateway adds: the same request sent straight to an upstream and through the gateway, interleaved
 * pair by pair (so drift on a shared machine hits both sides alike), at a given concurrency — streamed, not streamed,
 * or both ({@code --modes stream,plain}: each pair of one mode is followed by a pair of the other, in one run).
 * Prints p50/p95/p99 latency and TTFT of each side, what the gateway adds (differences of the sides' percentiles, and
 * the median and p95 of the per-pair differences) and requests per second, per round, then the median over the rounds
 * (one round on a shared 2-core machine swings by a third). The warm-up is measured and printed too ("first N pairs"):
 * what a freshly started gateway adds. The warm-up is long because the
 * gateway's path is only JIT-compiled after thousands of requests (added p50 fell from 2.4 ms after 300 pairs to
 * 0.9 ms after 8,000 in one run). With {@code --gateway-b} it compares two gateways instead ({@link BuildComparison}).
 */
@Command(name = "OverheadBench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "What the gateway adds over calling the upstream directly (or, with --gateway-b, what a second "
                + "gateway adds compared with the first, in the same run).")
public final class OverheadBench implements Callable<Integer> {
    private static final long TIMEOUT_MS = 120_000;

    /** Whether a measured request streams its answer. */
    enum Mode {
        stream, plain
    }

    @Spec
    CommandSpec spec;
    @Option(names = "--direct", required = true, paramLabel = "URL", description = "the upstream, called straight")
    String direct;
    @Option(names = "--gateway", defaultValue = "http://127.0.0.1:8080", paramLabel = "URL",
            description = "the gateway in front of it (default: ${DEFAULT-VALUE})")
    String gateway;
    @Option(names = "--gateway-b", paramLabel = "URL",
            description = "a second gateway in front of the same upstream: every step sends to the upstream and both "
                    + "gateways, and the figures compare the two")
    String gatewayB;
    @Option(names = "--labels", defaultValue = "before,after", split = ",", paramLabel = "A,B",
            description = "names of --gateway and --gateway-b in the comparison (default: ${DEFAULT-VALUE})")
    List<String> labels;
    @Option(names = "--gateway-pids", split = ",", paramLabel = "PID_A,PID_B",
            description = "process ids of --gateway and --gateway-b on this machine: their CPU per request is read "
                    + "from /proc")
    List<Long> gatewayPids;
    @Option(names = "--requests", defaultValue = "1000", description = "pairs (steps) per round and mode (default: ${DEFAULT-VALUE})")
    int requests;
    @Option(names = "--concurrency", defaultValue = "1", description = "concurrent workers (default: ${DEFAULT-VALUE})")
    int concurrency;
    @Option(names = "--max-tokens", defaultValue = "8", description = "tokens per answer (default: ${DEFAULT-VALUE})")
    int maxTokens;
    @Option(names = "--warmup", defaultValue = "5000", paramLabel = "PAIRS",
            description = "measured warm-up steps per mode before the rounds (default: ${DEFAULT-VALUE})")
    int warmup;
    @Option(names = "--rounds", defaultValue = "3", description = "rounds after the warm-up (default: ${DEFAULT-VALUE})")
    int rounds;
    @Option(names = "--modes", defaultValue = "stream", split = ",", description = "stream and/or plain (default: ${DEFAULT-VALUE})")
    List<Mode> modes;
    @Option(names = "--prompt", defaultValue = "Hi there!", description = "the user message (default: ${DEFAULT-VALUE})")
    String prompt;
    @Option(names = "--temperature", description = "sent with every request (default: the servers')")
    Double temperature;

    public static void main(String[] args) {
        CliLogging.configure();
        System.exit(new CommandLine(new OverheadBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<ChatRequest> requestsByMode = modes.stream().map(mode -> new ChatRequest("small",
                List.of(ChatMessage.user(prompt)), mode == Mode.stream, mode == Mode.stream, maxTokens, maxTokens,
                temperature, null, null, null, null, List.of(), false, OutputOptions.NONE)).toList();
        StreamingChatClient straight = new StreamingChatClient(direct, null, TIMEOUT_MS);
        StreamingChatClient viaGateway = new StreamingChatClient(gateway, null, TIMEOUT_MS);
        if (gatewayB == null) {
            new GatewayOverhead(straight, viaGateway, modes, requestsByMode, concurrency).run(warmup, requests, rounds);
            return 0;
        }
        if (labels.size() != 2 || (gatewayPids != null && gatewayPids.size() != 2)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--labels and --gateway-pids name both gateways, but had " + labels + " and " + gatewayPids);
        }
        List<Long> pids = gatewayPids == null ? Arrays.asList(null, null) : gatewayPids;
        new BuildComparison(List.of(straight, viaGateway, new StreamingChatClient(gatewayB, null, TIMEOUT_MS)),
                labels, pids, concurrency).run(modes, requestsByMode, warmup, requests, rounds);
        return 0;
    }
}
