package com.cascade4arm.bench.burst;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Bursts through the gateway, with and without overflow to the hosted API, in one run: the gateway runs in keys mode
 * with {@code cascade.<tier>.overflow=hosted}; one key may use the hosted API (arm {@code overflow}), one may not
 * (arm {@code local}: overflow needs the key's permission, so its requests queue on the tiers as without the feature).
 * Same gateway, same hosts, same prompts; per concurrency level the arms alternate (A B, then B A). Each level sends
 * {@code requests} non-streamed chats (model auto: the rulebook routes) with that many in flight. Prints per level and
 * arm: p50/p95 latency, error rate, share overflowed, cost per 1,000 requests (the answers' {@code cascade.cost_usd}:
 * the instance share for local answers, the hosted list price for overflowed ones), and whether p95 met the deadline.
 */
public final class BurstBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] PROMPTS = {
            "What is the capital of France?",
            "Write a Python function that reverses a string.",
            "Explain why the sky is blue in two sentences.",
            "Give me three tips for a productive morning.",
            "If a train leaves at 3 pm and travels 120 km at 60 km/h, when does it arrive?",
            "Summarize the plot of Romeo and Juliet in one sentence.",
            "What is 17 times 23?",
            "Name two differences between TCP and UDP."};

    @Option(names = "--gateway", defaultValue = "http://127.0.0.1:8080", paramLabel = "URL",
            description = "the gateway (default: ${DEFAULT-VALUE})")
    String gateway;
    @Option(names = "--admin-token", required = true, description = "the gateway's cascade.admin.token (makes the two keys)")
    String adminToken;
    @Option(names = "--levels", defaultValue = "1,4,8,16,32", split = ",", description = "concurrency levels (default: ${DEFAULT-VALUE})")
    List<Integer> levels;
    @Option(names = "--requests", defaultValue = "0",
            description = "requests per level and arm; 0 (default): twice the level, at least 8")
    int requests;
    @Option(names = "--max-tokens", defaultValue = "16", description = "tokens per answer (default: ${DEFAULT-VALUE})")
    int maxTokens;
    @Option(names = "--deadline-ms", defaultValue = "10000",
            description = "the latency the p95 should stay within (default: ${DEFAULT-VALUE})")
    long deadlineMs;
    @Option(names = "--timeout-ms", defaultValue = "180000", description = "a request's client timeout (default: ${DEFAULT-VALUE})")
    long timeoutMs;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static void main(String[] args) throws Exception {
        CliLogging.configure();
        BurstBench bench = Arguments.parseOrExit(new BurstBench(), "BurstBench", args, () -> {
        });
        bench.run();
    }

    /** One request's answer and its latency. */
    record Timed(JsonNode answer, double ms) {
    }

    /** One arm at one level: latencies of the answered, errors, overflowed answers, summed cost. */
    record Level(String arm, int concurrency, int requests, List<Double> latenciesMs, int errors, int overflowed,
                 double costUsd, String firstError) {
        double percentile(double p) {
            List<Double> sorted = new ArrayList<>(latenciesMs);
            sorted.sort(Double::compare);
            if (sorted.isEmpty()) {
                return Double.NaN;
            }
            return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
        }
    }

    void run() throws Exception {
        String overflowKey = key("burst-overflow", true);
        String localKey = key("burst-local", false);
        request(overflowKey, PROMPTS[0]); // first request of the run: connections, JIT
        List<Level> results = new ArrayList<>();
        boolean overflowFirst = true;
        for (int concurrency : levels) {
            int n = requests > 0 ? requests : Math.max(8, 2 * concurrency);
            String[][] order = overflowFirst ? new String[][]{{"overflow", overflowKey}, {"local", localKey}}
                    : new String[][]{{"local", localKey}, {"overflow", overflowKey}};
            for (String[] arm : order) {
                Level level = level(arm[0], arm[1], concurrency, n);
                results.add(level);
                System.out.printf(Locale.ROOT, "c%-3d %-8s p95 %8.0f ms  errors %d/%d  overflowed %d%n", concurrency,
                        arm[0], level.percentile(0.95), level.errors(), n, level.overflowed());
            }
            overflowFirst = !overflowFirst;
        }
        print(results);
    }

    private Level level(String arm, String key, int concurrency, int n) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(concurrency);
        try {
            List<Future<Timed>> calls = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String prompt = PROMPTS[i % PROMPTS.length];
                calls.add(clients.submit(() -> {
                    long started = System.nanoTime();
                    JsonNode answer = request(key, prompt);
                    return new Timed(answer, (System.nanoTime() - started) / 1e6);
                }));
            }
            List<Double> latencies = new ArrayList<>();
            int errors = 0;
            int overflowed = 0;
            double cost = 0;
            String firstError = null;
            for (int i = 0; i < n; i++) {
                JsonNode answer = calls.get(i).get().answer();
                double ms = calls.get(i).get().ms();
                if (answer.has("error") || !answer.has("cascade")) {
                    errors++;
                    firstError = firstError != null ? firstError : answer.toString();
                    continue;
                }
                latencies.add(ms);
                JsonNode cascade = answer.path("cascade");
                overflowed += cascade.path("overflow").asBoolean(false) ? 1 : 0;
                cost += cascade.path("cost_usd").asDouble(0);
            }
            return new Level(arm, concurrency, n, latencies, errors, overflowed, cost, firstError);
        } finally {
            clients.shutdownNow();
        }
    }

    /** One chat; its JSON answer, or {"error": …} for a failure of any kind. */
    private JsonNode request(String key, String prompt) {
        ObjectNode body = JSON.createObjectNode().put("model", "auto").put("max_tokens", maxTokens);
        body.putArray("messages").addObject().put("role", "user").put("content", prompt);
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(gateway + "/v1/chat/completions"))
                    .header("Content-Type", "application/json").header("Authorization", "Bearer " + key)
                    .timeout(Duration.ofMillis(timeoutMs)).POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                    .build(), HttpResponse.BodyHandlers.ofString());
            JsonNode answer = JSON.readTree(response.body());
            if (response.statusCode() != 200) {
                return JSON.createObjectNode().put("error", "HTTP " + response.statusCode() + " "
                        + answer.path("error").path("code").asText());
            }
            return answer;
        } catch (IOException | RuntimeException e) {
            return JSON.createObjectNode().put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return JSON.createObjectNode().put("error", "interrupted");
        }
    }

    private String key(String alias, boolean hosted) throws IOException, InterruptedException {
        String body = JSON.createObjectNode().put("alias", alias + "-" + System.currentTimeMillis()).put("hosted", hosted)
                .toString();
        HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(gateway + "/api/keys"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + adminToken)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (created.statusCode() != 201) {
            throw new IllegalStateException("could not make a key (HTTP " + created.statusCode() + "): " + created.body());
        }
        return JSON.readTree(created.body()).path("secret").asText();
    }

    private void print(List<Level> results) {
        System.out.println();
        System.out.printf(Locale.ROOT, "max_tokens %d, deadline %d ms; arms: overflow = key with hosted, local = key without%n",
                maxTokens, deadlineMs);
        System.out.println("| concurrency | arm | requests | p50 ms | p95 ms | errors | overflowed | $ per 1,000 requests | p95 within deadline |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (Level level : results) {
            int answered = level.latenciesMs().size();
            double p95 = level.percentile(0.95);
            System.out.printf(Locale.ROOT, "| %d | %s | %d | %.0f | %.0f | %.1f %% | %.0f %% | %.4f | %s |%n",
                    level.concurrency(), level.arm(), level.requests(), level.percentile(0.5), p95,
                    100.0 * level.errors() / level.requests(),
                    answered == 0 ? 0 : 100.0 * level.overflowed() / answered,
                    answered == 0 ? 0 : level.costUsd() / answered * 1000,
                    level.errors() == 0 && p95 <= deadlineMs ? "yes" : "no");
        }
        results.stream().filter(l -> l.firstError() != null).forEach(l -> System.out.printf(Locale.ROOT,
                "first error at c%d %s: %s%n", l.concurrency(), l.arm(), l.firstError()));
    }
}
