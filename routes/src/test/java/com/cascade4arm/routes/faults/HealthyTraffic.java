package com.cascade4arm.routes.faults;

import org.awaitility.Awaitility;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Other clients' traffic while a fault plays out: paced requests forced to the healthy pool ({@code model: small})
 * from background threads. Every answer must be a 200; the latency percentiles are printed, not asserted.
 */
final class HealthyTraffic implements AutoCloseable {
    static final int MIN_REQUESTS = 40;
    private static final String BODY = "{\"model\":\"small\",\"max_tokens\":4,\"messages\":[{\"role\":\"user\",\"content\":\"Hello!\"}]}";

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI chat;
    private final ScheduledExecutorService threads;
    private final List<Double> latenciesMs = Collections.synchronizedList(new ArrayList<>());
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());

    /** {@code clients} request loops, each one request every {@code periodMs}. */
    HealthyTraffic(URI base, int clients, long periodMs) {
        this.chat = base.resolve("/v1/chat/completions");
        this.threads = Executors.newScheduledThreadPool(clients, runnable -> {
            Thread thread = new Thread(runnable, "healthy-traffic");
            thread.setDaemon(true);
            return thread;
        });
        for (int i = 0; i < clients; i++) {
            threads.scheduleAtFixedRate(this::once, 0, periodMs, TimeUnit.MILLISECONDS);
        }
    }

    private void once() {
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(chat).header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(BODY)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                failures.add(response.statusCode() + " " + response.body());
            }
        } catch (Exception e) {
            failures.add(e.toString());
        }
        latenciesMs.add((System.nanoTime() - start) / 1e6);
    }

    /** Stops the traffic (after at least {@link #MIN_REQUESTS}, so the percentiles mean something) and reports. */
    Report stop(String scenario) throws InterruptedException {
        Awaitility.await("enough healthy requests for percentiles").atMost(Duration.ofSeconds(20))
                .until(() -> latenciesMs.size() >= MIN_REQUESTS);
        threads.shutdown();
        threads.awaitTermination(15, TimeUnit.SECONDS);
        List<Double> sorted;
        synchronized (latenciesMs) {
            sorted = new ArrayList<>(latenciesMs);
        }
        Collections.sort(sorted);
        Report report = new Report(sorted.size(), List.copyOf(failures), percentile(sorted, 50), percentile(sorted, 95),
                sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1));
        System.out.printf("[faults] %s: healthy traffic %d requests, %d failed, p50 %.1f ms, p95 %.1f ms, max %.1f ms%n",
                scenario, report.requests(), report.failures().size(), report.p50Ms(), report.p95Ms(), report.maxMs());
        return report;
    }

    private static double percentile(List<Double> sorted, int p) {
        if (sorted.isEmpty()) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }

    record Report(int requests, List<String> failures, double p50Ms, double p95Ms, double maxMs) {
    }
}
