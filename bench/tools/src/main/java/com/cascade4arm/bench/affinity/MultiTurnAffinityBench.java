package com.cascade4arm.bench.affinity;

import com.cascade4arm.bench.cli.Arguments;
import com.cascade4arm.bench.cli.CliLogging;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Multi-turn conversations through the gateway, least-busy against prefix-affinity pools in one run: N concurrent
 * conversations of T turns each, every conversation with its own long system prompt and a growing history, sent as
 * streamed chat requests to one tier per arm (the gateway's {@code model} field forces the tier; the script gives both
 * tiers the same replicas, one balanced least-busy, one by prefix affinity). Arms alternate phase by phase (A B B A …)
 * so drift on a shared machine hits both alike; every phase has its own prompts, so no phase finds another's prefix in
 * a cache. Prints, per arm: TTFT p50/p95 per turn, prompt tokens evaluated vs cached (the gateway's
 * {@code cascade.prompt_tokens} and {@code cached_prompt_tokens}), throughput, the most requests one endpoint held at
 * once (from the answers' {@code cascade.endpoint} and the client's own timestamps) against the load bound, and the
 * prefix-affinity outcomes; then the ratios least-busy / prefix-affinity.
 */
public final class MultiTurnAffinityBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] WORDS = ("the of and to in is it that for on was with as be at by this from or have an "
            + "are not but what all were when we there can your which their said if do will each about how up out them "
            + "then she many some so these would other into has more her two like him see time could no make than "
            + "first been its who now people my made over did down only way find use may water long little very after "
            + "words called just where most know get through back much before go good new write our used me man too "
            + "any day same right look think also around another came come work three word must because does part "
            + "even place well such here take why things help put years different away again off went old number "
            + "great tell men say small every found still between name should home big give air line set own under "
            + "read last never us left end along while might next sound below saw something thought both few those "
            + "always looked show large often together asked house world going want school important until form food "
            + "keep children feet land side without boy once animals life enough took sometimes four head above kind "
            + "began almost live page got earth need far hand high year mother light parts country father let night "
            + "following picture being study second eyes soon times story boys since white days ever paper hard near "
            + "sentence better best across during today others however sure means knew it's try told young miles sun "
            + "ways thing whole hear example heard several change answer room sea against top turned learn point city "
            + "play toward five using himself usually").split(" ");

    @Option(names = "--gateway", defaultValue = "http://127.0.0.1:8080", paramLabel = "URL",
            description = "the gateway (default: ${DEFAULT-VALUE})")
    String gateway;
    @Option(names = "--arms", defaultValue = "least-busy=large,prefix-affinity=small", split = ",",
            paramLabel = "NAME=TIER", description = "arms and the tier each forces (default: ${DEFAULT-VALUE})")
    List<String> arms;
    @Option(names = "--conversations", defaultValue = "12", description = "concurrent conversations (default: ${DEFAULT-VALUE})")
    int conversations;
    @Option(names = "--turns", defaultValue = "6", description = "turns per conversation (default: ${DEFAULT-VALUE})")
    int turns;
    @Option(names = "--rounds", defaultValue = "2", description = "rounds; each runs every arm once, in alternating order (default: ${DEFAULT-VALUE})")
    int rounds;
    @Option(names = "--system-words", defaultValue = "1000",
            description = "words of each conversation's system prompt (default: ${DEFAULT-VALUE}, ~1,500 tokens)")
    int systemWords;
    @Option(names = "--turn-words", defaultValue = "40", description = "words of each user turn (default: ${DEFAULT-VALUE})")
    int turnWords;
    @Option(names = "--max-tokens", defaultValue = "32", description = "tokens per answer (default: ${DEFAULT-VALUE})")
    int maxTokens;
    @Option(names = "--think-ms", defaultValue = "6000",
            description = "a user's pause before each turn (and before the first: conversations start staggered), "
                    + "uniform in [this/2, 3×this/2) ms: conversations out of lockstep, as real ones are (in lockstep, "
                    + "least-busy's rotation repeats one assignment every turn) (default: ${DEFAULT-VALUE})")
    int thinkMs;
    @Option(names = "--slots", defaultValue = "2", description = "slots per endpoint (llama-server -np), to count "
            + "requests that queued on a full endpoint while another had a slot free (default: ${DEFAULT-VALUE})")
    int slots;
    @Option(names = "--shared-system", description = "one system prompt for all conversations of a phase (default: one each)")
    boolean sharedSystem;
    @Option(names = "--endpoints", defaultValue = "2", description = "endpoints per tier, for the load bound (default: ${DEFAULT-VALUE})")
    int endpoints;
    @Option(names = "--load-factor", defaultValue = "1.25", description = "the pools' load factor, for the bound (default: ${DEFAULT-VALUE})")
    double loadFactor;
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    /** One measured turn. */
    record Turn(String arm, int turn, double ttftMs, double totalMs, long startNanos, long endNanos, String endpoint,
                long promptTokens, long cachedTokens, long completionTokens, String affinity) {
    }

    public static void main(String[] args) throws Exception {
        CliLogging.configure();
        MultiTurnAffinityBench bench = Arguments.parseOrExit(new MultiTurnAffinityBench(), "MultiTurnAffinityBench",
                args, () -> {
                });
        bench.run();
    }

    void run() throws Exception {
        Map<String, String> tiers = new LinkedHashMap<>();
        for (String arm : arms) {
            String[] parts = arm.split("=", 2);
            tiers.put(parts[0], parts[1]);
        }
        List<String> names = new ArrayList<>(tiers.keySet());
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        Map<String, List<Turn>> turnsByArm = new LinkedHashMap<>();
        Map<String, Double> wallMs = new LinkedHashMap<>();
        names.forEach(n -> {
            turnsByArm.put(n, Collections.synchronizedList(new ArrayList<>()));
            wallMs.put(n, 0.0);
        });
        int phase = 0;
        for (int round = 0; round < rounds; round++) {
            List<String> order = new ArrayList<>(names);
            if (round % 2 == 1) {
                Collections.reverse(order); // A B, then B A: neither arm always goes first
            }
            for (String arm : order) {
                long started = System.nanoTime();
                runPhase(http, arm, tiers.get(arm), phase++, turnsByArm.get(arm));
                wallMs.merge(arm, (System.nanoTime() - started) / 1e6, Double::sum);
                System.out.printf(Locale.ROOT, "round %d %-16s done in %.1f s%n", round + 1, arm,
                        (System.nanoTime() - started) / 1e9);
            }
        }
        print(names, turnsByArm, wallMs);
    }

    private void runPhase(HttpClient http, String arm, String tier, int phase, List<Turn> out) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(conversations);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < conversations; c++) {
                int conversation = c;
                done.add(pool.submit(() -> {
                    converse(http, arm, tier, phase, conversation, out);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    private void converse(HttpClient http, String arm, String tier, int phase, int conversation, List<Turn> out)
            throws IOException, InterruptedException {
        Random random = new Random(phase * 1_000L + conversation);
        Random systemRandom = sharedSystem ? new Random(phase * 1_000L + 999) : random;
        ArrayNode messages = JSON.createArrayNode();
        messages.addObject().put("role", "system").put("content", "Session " + phase + "-"
                + (sharedSystem ? "all" : String.valueOf(conversation)) + ". Use this document to answer. "
                + words(systemRandom, systemWords));
        for (int turn = 1; turn <= turns; turn++) {
            if (thinkMs > 0) {
                Thread.sleep(thinkMs / 2 + random.nextInt(thinkMs));
            }
            messages.addObject().put("role", "user").put("content", "Question " + turn + ": " + words(random, turnWords));
            ObjectNode body = JSON.createObjectNode();
            body.put("model", tier);
            body.put("stream", true);
            body.put("max_tokens", maxTokens);
            body.putObject("stream_options").put("include_usage", true);
            body.set("messages", messages);
            Turn measured = send(http, arm, turn, body);
            out.add(measured);
            messages.addObject().put("role", "assistant").put("content", LAST_ANSWER.get());
        }
    }

    /** The content of the last answer this thread (one conversation) received. */
    private static final ThreadLocal<String> LAST_ANSWER = new ThreadLocal<>();

    private Turn send(HttpClient http, String arm, int turn, ObjectNode body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(gateway + "/v1/chat/completions"))
                .timeout(Duration.ofMinutes(5)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
        long start = System.nanoTime();
        HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + response.statusCode() + ": "
                    + String.join("\n", response.body().toList()));
        }
        long[] first = {0};
        StringBuilder answer = new StringBuilder();
        JsonNode[] cascade = {null};
        response.body().forEach(line -> {
            if (!line.startsWith("data: ") || line.equals("data: [DONE]")) {
                return;
            }
            try {
                JsonNode chunk = JSON.readTree(line.substring(6));
                if (chunk.has("error")) {
                    throw new IllegalStateException("stream error: " + chunk);
                }
                String content = chunk.path("choices").path(0).path("delta").path("content").asText("");
                if (!content.isEmpty()) {
                    if (first[0] == 0) {
                        first[0] = System.nanoTime();
                    }
                    answer.append(content);
                }
                if (chunk.path("cascade").isObject()) {
                    cascade[0] = chunk.get("cascade");
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        long end = System.nanoTime();
        if (cascade[0] == null) {
            throw new IllegalStateException("no cascade object in the answer of turn " + turn);
        }
        LAST_ANSWER.set(answer.toString());
        JsonNode info = cascade[0];
        return new Turn(arm, turn, ((first[0] == 0 ? end : first[0]) - start) / 1e6, (end - start) / 1e6, start, end,
                info.path("endpoint").asText(), info.path("prompt_tokens").asLong(),
                info.path("cached_prompt_tokens").asLong(0), info.path("completion_tokens").asLong(),
                info.path("prefix_affinity").asText("-"));
    }

    private static String words(Random random, int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
            if (i % 12 == 11) {
                text.append('.');
            }
        }
        return text.append('.').toString();
    }

    private void print(List<String> names, Map<String, List<Turn>> turnsByArm, Map<String, Double> wallMs) {
        System.out.printf(Locale.ROOT, "%n%d conversations x %d turns, %d round(s); system prompt %d words (%s), %d-word "
                        + "turns, max_tokens %d%n", conversations, turns, rounds, systemWords,
                sharedSystem ? "shared" : "one per conversation", turnWords, maxTokens);
        System.out.printf(Locale.ROOT, "%-16s %4s %9s %9s %10s %10s %8s%n", "arm", "turn", "ttft_p50", "ttft_p95",
                "prompt_eval", "cached", "n");
        Map<String, double[]> laterP50 = new LinkedHashMap<>();
        for (String arm : names) {
            List<Turn> all = turnsByArm.get(arm);
            for (int turn = 1; turn <= turns; turn++) {
                int t = turn;
                List<Turn> of = all.stream().filter(x -> x.turn() == t).toList();
                double[] ttft = of.stream().mapToDouble(Turn::ttftMs).sorted().toArray();
                System.out.printf(Locale.ROOT, "%-16s %4d %9.1f %9.1f %10.0f %10.0f %8d%n", arm, turn,
                        percentile(ttft, 50), percentile(ttft, 95),
                        of.stream().mapToLong(x -> x.promptTokens() - x.cachedTokens()).average().orElse(0),
                        of.stream().mapToLong(Turn::cachedTokens).average().orElse(0), of.size());
            }
            double[] later = all.stream().filter(x -> x.turn() >= 2).mapToDouble(Turn::ttftMs).sorted().toArray();
            laterP50.put(arm, new double[]{percentile(later, 50), percentile(later, 95)});
        }
        System.out.printf(Locale.ROOT, "%n%-16s %12s %12s %12s %12s %10s %9s %8s %11s %10s %s%n", "arm", "ttft2+_p50",
                "ttft2+_p95", "eval_tokens", "cached_tok", "tok/s", "req/s", "max_infl", "queued_free", "over_bound", "prefix_affinity");
        Map<String, double[]> totals = new LinkedHashMap<>();
        for (String arm : names) {
            List<Turn> all = turnsByArm.get(arm);
            long evaluated = all.stream().mapToLong(x -> x.promptTokens() - x.cachedTokens()).sum();
            long cached = all.stream().mapToLong(Turn::cachedTokens).sum();
            long completion = all.stream().mapToLong(Turn::completionTokens).sum();
            double seconds = wallMs.get(arm) / 1000.0;
            Map<String, Long> outcomes = new LinkedHashMap<>();
            all.forEach(x -> outcomes.merge(x.affinity(), 1L, Long::sum));
            double[] later = laterP50.get(arm);
            int[] crowded = crowded(all);
            System.out.printf(Locale.ROOT, "%-16s %12.1f %12.1f %12d %12d %10.1f %9.2f %8s %11d %10d %s%n", arm,
                    later[0], later[1], evaluated, cached, completion / seconds, all.size() / seconds, maxInFlight(all),
                    crowded[0], crowded[1], outcomes);
            totals.put(arm, new double[]{later[0], later[1], evaluated, completion / seconds});
        }
        int bound = Math.max(slots, (int) Math.ceil(loadFactor * conversations / endpoints));
        System.out.printf(Locale.ROOT, "load bound: an endpoint at its %d slots gives way while another has one free; "
                        + "with every slot busy, ceil(%.2f x in flight / %d); all %d conversations in flight: %d per "
                        + "endpoint. queued_free: requests sent to an endpoint already running %d of this arm's while "
                        + "another ran fewer than %d; over_bound: requests sent to an endpoint at ceil(%.2f x (running + 1)"
                        + " / %d) or more while another ran fewer (client timestamps: approximate)%n", slots, loadFactor,
                endpoints, conversations, bound, slots, slots, loadFactor, endpoints);
        if (names.size() == 2) {
            double[] a = totals.get(names.get(0));
            double[] b = totals.get(names.get(1));
            System.out.printf(Locale.ROOT, "%s / %s: turn>=2 TTFT p50 %.2fx, p95 %.2fx, prompt tokens evaluated %.2fx; "
                            + "throughput %s/%s %.2fx%n", names.get(0), names.get(1), a[0] / b[0], a[1] / b[1], a[2] / b[2],
                    names.get(1), names.get(0), b[3] / a[3]);
        }
    }

    /** Per endpoint, the most requests of this arm that overlapped in time: "small-0:2 small-1:3". */
    private static String maxInFlight(List<Turn> all) {
        Map<String, List<long[]>> events = new LinkedHashMap<>();
        for (Turn t : all) {
            events.computeIfAbsent(t.endpoint(), e -> new ArrayList<>()).add(new long[]{t.startNanos(), 1});
            events.get(t.endpoint()).add(new long[]{t.endNanos(), -1});
        }
        StringBuilder out = new StringBuilder();
        events.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(entry -> {
            List<long[]> list = entry.getValue();
            list.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
            int now = 0;
            int max = 0;
            for (long[] e : list) {
                now += (int) e[1];
                max = Math.max(max, now);
            }
            out.append(out.length() == 0 ? "" : ",").append(entry.getKey().replaceAll(".*-", "")).append(':').append(max);
        });
        return out.toString();
    }

    /**
     * Requests that began on an endpoint already running {@link #slots} requests of this arm while another endpoint ran
     * fewer (it had a slot free: they queue behind a full replica), and requests that began on an endpoint at the load
     * bound (ceil(load factor × (running + 1) / endpoints)) while another ran fewer. From the client's own timestamps
     * (a request counts from its send to its last byte), so approximate.
     */
    private int[] crowded(List<Turn> all) {
        List<String> names = all.stream().map(Turn::endpoint).distinct().toList();
        int queued = 0;
        int overBound = 0;
        for (Turn t : all) {
            Map<String, Integer> running = new LinkedHashMap<>();
            names.forEach(name -> running.put(name, 0));
            for (Turn other : all) {
                if (other != t && other.startNanos() < t.startNanos() && other.endNanos() > t.startNanos()) {
                    running.merge(other.endpoint(), 1, Integer::sum);
                }
            }
            int own = running.get(t.endpoint());
            int total = running.values().stream().mapToInt(Integer::intValue).sum() + 1;
            boolean freeElsewhere = running.entrySet().stream()
                    .anyMatch(e -> !e.getKey().equals(t.endpoint()) && e.getValue() < slots);
            boolean lessBusyElsewhere = running.entrySet().stream()
                    .anyMatch(e -> !e.getKey().equals(t.endpoint()) && e.getValue() < own);
            queued += own >= slots && freeElsewhere ? 1 : 0;
            overBound += own >= Math.ceil(loadFactor * total / endpoints) && lessBusyElsewhere ? 1 : 0;
        }
        return new int[]{queued, overBound};
    }

    /** Nearest-rank percentile of sorted values. */
    private static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
