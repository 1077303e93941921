package com.cascade4arm.standins.hosted;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * Command line of the {@link HostedApiStandIn}, so the Compare demo runs without an OpenRouter key: start it, then
 * point the gateway's hosted base URL at it ({@code CASCADE_HOSTED_BASE_URL=http://127.0.0.1:8091/api/v1
 * OPENROUTER_API_KEY=demo}).
 */
public final class HostedStandInMain {
    private HostedStandInMain() {
    }

    /**
     * {@code HostedStandInMain [port] [--host H] [--api-key K] [--model M] [--chunk-delay-ms N] [--keep-alives N]
     * [--reasoning "a,b"] [--chunks "a,b,c"] [--rate-limit-every N] [--retry-after V] [--script FAULTS]}; serves until killed.
     */
    public static void main(String[] args) throws InterruptedException {
        int port = HostedApiStandIn.DEFAULT_PORT;
        String host = "127.0.0.1";
        StandInConfig config = StandInConfig.DEFAULTS;
        int rateLimitEvery = 0;
        String retryAfter = null;
        String script = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--host" -> host = args[++i];
                    case "--api-key" -> config = config.withApiKey(args[++i]);
                    case "--model" -> config = config.withModel(args[++i]);
                    case "--chunk-delay-ms" -> config = config.withChunkDelayMs(Long.parseLong(args[++i]));
                    case "--keep-alives" -> config = config.withKeepAlives(Integer.parseInt(args[++i]));
                    case "--reasoning" -> config = config.withReasoningChunks(Arrays.asList(args[++i].split(",")));
                    case "--chunks" -> config = config.withContentChunks(Arrays.asList(args[++i].split(",")));
                    case "--rate-limit-every" -> rateLimitEvery = Integer.parseInt(args[++i]);
                    case "--retry-after" -> retryAfter = args[++i];
                    case "--script" -> script = args[++i];
                    case "-h", "--help" -> {
                        usage();
                        return;
                    }
                    default -> port = Integer.parseInt(args[i]);
                }
            }
            config = config.withRateLimitEvery(rateLimitEvery, retryAfter);
        } catch (RuntimeException e) {
            System.err.println("invalid arguments: " + e.getMessage());
            usage();
            System.exit(2);
        }
        HostedApiStandIn standIn = HostedApiStandIn.start(new InetSocketAddress(host, port), config);
        standIn.enqueue(Fault.parseScript(script));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            standIn.close();
            stopped.countDown();
        }));
        System.out.println("hosted API stand-in listening on " + standIn.baseUrl()
                + (config.apiKey() == null ? " (any non-empty key)" : " (key required)"));
        stopped.await();
    }

    private static void usage() {
        System.err.println("usage: HostedStandInMain [port] [--host H] [--api-key K] [--model M] [--chunk-delay-ms N]"
                + " [--keep-alives N] [--reasoning \"step one,step two\"] [--chunks \"Hello, world\"]"
                + " [--rate-limit-every N] [--retry-after SECONDS|date+SECONDS]"
                + " [--script 429:1,429x3:0,503,500,error-in-200,sse-error:2,slow:3000,drop:2,ok]");
    }
}
