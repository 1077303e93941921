package com.cascade4arm.app.hardening;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bounded load test over loopback (stops by itself, well under a minute): many streaming clients, each its own
 * identity (X-Forwarded-For from the trusted 127.0.0.1), against the real application on instant upstreams. Below
 * the caps nothing fails; above them the excess gets clean 503s with Retry-After and every admitted stream completes;
 * afterwards no slot, upstream request or worker thread is left busy. Prints throughput, rejections, threads, heap.
 */
class LoadIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** For the probes (metrics, upstream in-flight): one client, so the probes leave no selector threads behind. */
    private static final HttpClient PROBE = HttpClient.newHttpClient();
    private static final int MAX_STREAMS = 32;
    private static final int MAX_REQUESTS = 48;
    private static final Duration PHASE = Duration.ofSeconds(8);
    private static final String BODY = "{\"model\":\"auto\",\"stream\":true,\"max_tokens\":8,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"Hello there!\"}]}";

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void servesEveryStreamBelowTheCapsAndRefusesTheExcessCleanlyAboveThem() throws Exception {
        ResponderBehaviour tokens = ResponderBehaviour.INSTANT.withChunkDelayMs(20);
        try (InstantResponder upstream = InstantResponder.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), tokens, 256)) {
            TestGateway gateway = TestGateway.boot(Map.of("cascade.small.urls", upstream.baseUrl(),
                    "cascade.large.urls", upstream.baseUrl(), "cascade.edge.trusted-proxies", "127.0.0.1",
                    "cascade.edge.max-concurrent-per-client", "4", "cascade.edge.max-streams", String.valueOf(MAX_STREAMS),
                    "cascade.edge.max-concurrent-requests", String.valueOf(MAX_REQUESTS)), true);
            try {
                URI base = gateway.baseUrl();
                int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
                int gatewayThreadsBefore = gatewayThreads().size();

                Outcome below = run(base, 24, "below the caps");
                assertThat(below.failures()).as("no errors below the caps").isEmpty();
                assertThat(below.refused()).isZero();
                assertThat(below.completed()).isPositive();

                Outcome above = run(base, 64, "above the caps");
                assertThat(above.failures()).as("only clean refusals above the caps").isEmpty();
                assertThat(above.refused()).as("the excess is refused").isPositive();
                assertThat(above.completed()).as("admitted streams complete").isPositive();
                assertThat(above.refusalCodes()).isSubsetOf(List.of("too_many_streams", "overloaded"));

                Awaitility.await("no slot held").atMost(Duration.ofSeconds(10)).until(() ->
                        metric(base, "cascade_edge_requests_in_flight") == 0 && metric(base, "cascade_edge_streams_in_flight") == 0);
                Awaitility.await("no upstream request open").atMost(Duration.ofSeconds(10))
                        .until(() -> upstreamInFlight(upstream) == 0);
                Awaitility.await("every gateway worker idle").atMost(Duration.ofSeconds(10)).until(() -> busyGatewayThreads().isEmpty());
                System.gc();
                long heapMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024 * 1024);
                System.out.printf("[load] gateway threads (vert.x, workers, legs): %d before, %d after, all idle (pool threads"
                                + " linger up to 60 s); JVM threads %d before, %d after; heap after GC %d MB; edge rejections %.0f%n",
                        gatewayThreadsBefore, gatewayThreads().size(), threadsBefore,
                        ManagementFactory.getThreadMXBean().getThreadCount(), heapMb, metric(base, "cascade_edge_rejections_total"));
            } finally {
                gateway.close();
            }
        }
    }

    private record Outcome(int completed, int refused, List<String> refusalCodes, List<String> failures) {
    }

    /** {@code clients} clients stream back to back for one phase; each answer is classified. */
    private static Outcome run(URI base, int clients, String phase) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<String> codes = Collections.synchronizedList(new ArrayList<>());
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        List<Double> latencies = Collections.synchronizedList(new ArrayList<>());
        Map<String, Integer> statuses = new ConcurrentHashMap<>();
        long deadline = System.nanoTime() + PHASE.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> loops = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            String client = "10.77." + (c / 250) + "." + (c % 250 + 1);
            loops.add(pool.submit(() -> {
                while (System.nanoTime() < deadline) {
                    long start = System.nanoTime();
                    try {
                        HttpResponse<String> response = http.send(HttpRequest.newBuilder(base.resolve("/v1/chat/completions"))
                                .header("Content-Type", "application/json").header("X-Forwarded-For", client)
                                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(BODY)).build(),
                                HttpResponse.BodyHandlers.ofString());
                        statuses.merge(String.valueOf(response.statusCode()), 1, Integer::sum);
                        classify(response, completed, refused, codes, failures);
                    } catch (Exception e) {
                        failures.add(e.toString());
                    }
                    latencies.add((System.nanoTime() - start) / 1e6);
                }
                return null;
            }));
        }
        for (Future<?> loop : loops) {
            loop.get();
        }
        pool.shutdown();
        double[] sorted = latencies.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.printf("[load] %s: %d clients for %d s -> %d streams completed (%.0f/s), %d refused, %d failed; "
                        + "statuses %s; latency p50 %.0f ms, p95 %.0f ms%n", phase, clients, PHASE.toSeconds(), completed.get(),
                completed.get() / (double) PHASE.toSeconds(), refused.get(), failures.size(), statuses,
                percentile(sorted, 50), percentile(sorted, 95));
        return new Outcome(completed.get(), refused.get(), List.copyOf(codes), List.copyOf(failures));
    }

    private static void classify(HttpResponse<String> response, AtomicInteger completed, AtomicInteger refused,
                                 List<String> codes, List<String> failures) throws Exception {
        if (response.statusCode() == 200) {
            boolean whole = response.body().contains("data: [DONE]") && !response.body().contains("\"error\"");
            if (whole) {
                completed.incrementAndGet();
            } else {
                failures.add("broken stream: " + response.body());
            }
        } else if (response.statusCode() == 503 && response.headers().firstValue("Retry-After").isPresent()) {
            refused.incrementAndGet();
            codes.add(JSON.readTree(response.body()).path("error").path("code").asText());
        } else {
            failures.add(response.statusCode() + " " + response.body());
        }
    }

    private static double percentile(double[] sorted, int p) {
        return sorted.length == 0 ? 0 : sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    /** Threads of the gateway's own pools that are doing something (not parked waiting for work). */
    private static List<String> busyGatewayThreads() {
        List<String> busy = new ArrayList<>();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if ((thread.getName().startsWith("gateway-worker") || thread.getName().startsWith("compare-leg"))
                    && Arrays.stream(stack).noneMatch(frame -> frame.getMethodName().equals("getTask"))) {
                busy.add(thread.getName() + " " + thread.getState() + " " + (stack.length > 0 ? stack[0] : ""));
            }
        });
        return busy;
    }

    private static List<String> gatewayThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("gateway-worker") || name.startsWith("compare-leg") || name.startsWith("vert.x-"))
                .toList();
    }

    private static double metric(URI base, String name) throws Exception {
        String text = PROBE.send(HttpRequest.newBuilder(base.resolve("/metrics"))
                        .timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        double sum = 0;
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$").matcher(text);
        while (m.find()) {
            sum += Double.parseDouble(m.group(2));
        }
        return sum;
    }

    /** The responder's requests in progress, less the /metrics request asking. */
    private static int upstreamInFlight(InstantResponder upstream) throws Exception {
        String text = PROBE.send(HttpRequest.newBuilder(URI.create(upstream.baseUrl() + "/metrics"))
                        .timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("(?m)^llamacpp:requests_processing (\\d+)$").matcher(text);
        return m.find() ? Integer.parseInt(m.group(1)) - 1 : -1;
    }
}
