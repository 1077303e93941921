package com.cascade4arm.standins.hosted;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Command line of the {@link HostedApiStandIn}, so the Compare demo runs without an OpenRouter key: start it, then
 * point the gateway's hosted base URL at it ({@code CASCADE_HOSTED_BASE_URL=http://127.0.0.1:8091/api/v1
 * OPENROUTER_API_KEY=demo}). picocli fills the fields.
 */
@Command(name = "HostedStandInMain", sortOptions = false, mixinStandardHelpOptions = true,
        description = "OpenRouter's chat API as a local server, with scripted faults; serves until killed.")
public final class HostedStandInMain implements Callable<Integer> {

    @Spec
    CommandSpec spec;
    @Parameters(index = "0", arity = "0..1", paramLabel = "port", description = "port to listen on (default ${DEFAULT-VALUE})")
    int port = HostedApiStandIn.DEFAULT_PORT;
    @Option(names = "--host", paramLabel = "H", description = "address to listen on (default ${DEFAULT-VALUE})")
    String host = "127.0.0.1";
    @Option(names = "--api-key", paramLabel = "K", description = "the key to require (default: any non-empty key)")
    String apiKey;
    @Option(names = "--model", paramLabel = "M", description = "the model id to answer as (default ${DEFAULT-VALUE})")
    String model = StandInConfig.DEFAULTS.model();
    @Option(names = "--chunk-delay-ms", paramLabel = "N", description = "wait between chunks")
    long chunkDelayMs = StandInConfig.DEFAULTS.chunkDelayMs();
    @Option(names = "--keep-alives", paramLabel = "N",
            description = "SSE comment lines before the answer (default ${DEFAULT-VALUE})")
    int keepAlives = StandInConfig.DEFAULTS.keepAlives();
    @Option(names = "--reasoning", paramLabel = "\"step one,step two\"", split = ",", description = "reasoning chunks")
    List<String> reasoning = StandInConfig.DEFAULTS.reasoningChunks();
    @Option(names = "--chunks", paramLabel = "\"Hello, world\"", split = ",", description = "content chunks")
    List<String> chunks = StandInConfig.DEFAULTS.contentChunks();
    @Option(names = "--rate-limit-every", paramLabel = "N", description = "answer every N-th request with 429")
    int rateLimitEvery;
    @Option(names = "--retry-after", paramLabel = "SECONDS|date+SECONDS", description = "Retry-After of those 429s")
    String retryAfter;
    @Option(names = "--script", paramLabel = "429:1,429x3:0,503,500,error-in-200,sse-error:2,slow:3000,drop:2,ok",
            description = "faults for the next requests, in order")
    String script;

    /** Serves until killed; exits with 2 after printing the usage on a bad argument. */
    public static void main(String[] args) {
        int exit = new CommandLine(new HostedStandInMain()).execute(args);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        StandInConfig config;
        List<Fault> faults;
        try {
            config = config();
            faults = Fault.parseScript(script);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e); // error and usage, exit 2
        }
        HostedApiStandIn standIn = HostedApiStandIn.start(new InetSocketAddress(host, port), config);
        standIn.enqueue(faults);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            standIn.close();
            stopped.countDown();
        }));
        System.out.println("hosted API stand-in listening on " + standIn.baseUrl()
                + (config.apiKey() == null ? " (any non-empty key)" : " (key required)"));
        stopped.await();
        return 0;
    }

    StandInConfig config() {
        return new StandInConfig(apiKey, model, chunks, reasoning, chunkDelayMs, keepAlives, rateLimitEvery, retryAfter);
    }
}
