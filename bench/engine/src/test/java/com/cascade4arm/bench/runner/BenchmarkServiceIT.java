package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

class BenchmarkServiceIT {

    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(30);
    private static final long SLOW_CHUNK_DELAY_MS = 15;
    private static final int RUNS_WATCHED_TO_THEIR_END = 10;
    private static final PromptSuite SUITE = PromptSuite.load();
    private static final Map<String, String> EXPECTED_ROUTE_BY_PROMPT = SUITE.all().stream()
            .collect(Collectors.toMap(Prompt::prompt, Prompt::expectedRoute));

    @TempDir
    Path results;

    private final List<InstantResponder> responders = new ArrayList<>();
    private BenchmarkService service;

    @BeforeEach
    void openService() {
        service = new BenchmarkService(results);
    }

    @AfterEach
    void closeAll() throws InterruptedException {
        service.close();
        responders.forEach(InstantResponder::close);
    }

    @Test
    void runsBothTargetsAtEachLevelAndPersistsResultsConsistentWithTheRows() throws Exception {
        InstantResponder cascade = responder(ResponderBehaviour.INSTANT.withRouter(EXPECTED_ROUTE_BY_PROMPT::get));
        InstantResponder baseline = responder(ResponderBehaviour.INSTANT.withChunkDelayMs(SLOW_CHUNK_DELAY_MS));
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("cascade", cascade.baseUrl(), "auto", "k1"),
                        new TargetConfig("baseline", baseline.baseUrl(), "base")))
                .withPrompts(PromptSelection.first(5)).withLevels(List.of(1, 2)).withRequestsPerLevel(6)
                .withSampling(new Sampling(0.0, 0.9, 42)).withFixedLength(true);
        List<Progress> progress = new CopyOnWriteArrayList<>();

        String id = service.start(config, new RunMetadata("rules-7", "abc123"), progress::add);
        RunSummary summary = service.await(id, RUN_TIMEOUT).orElseThrow();

        assertThat(summary.status()).as("summary %s", summary).isEqualTo(RunStatus.DONE);
        assertThat(summary.done()).isEqualTo(summary.total()).isEqualTo(2 * 6 * 2);
        assertThat(progress.get(progress.size() - 1)).isEqualTo(new Progress(id, 24, 24, 2));

        RunStore restarted = new RunStore(results);
        StoredRun stored = restarted.load(id).orElseThrow();
        assertThat(restarted.list()).extracting(RunSummary::id).contains(id);
        assertThat(stored.summary().status()).isEqualTo(RunStatus.DONE);
        assertThat(stored.summary().rulesVersion()).isEqualTo("rules-7");
        assertThat(stored.summary().gitCommit()).isEqualTo("abc123");
        assertThat(Files.readString(restarted.summaryPath(id).orElseThrow())).doesNotContain("k1");

        List<RequestRow> rows = stored.rows();
        assertThat(rows).as("levels x requests x targets").hasSize(24).allSatisfy(r -> assertThat(r.ok()).isTrue());
        assertThat(rows).filteredOn(r -> r.target().equals("cascade") && r.level() == 2).extracting(RequestRow::seq)
                .containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6);
        assertThat(rows).allSatisfy(r -> assertThat(r.promptId())
                .as("stratified prompt of seq %d", r.seq()).isEqualTo(SUITE.all().get((r.seq() - 1) % 5).id()));
        assertTargetsRanConcurrently(rows, 1);

        List<List<String>> aggregatesCsv = Csv.parse(Files.readString(restarted.aggregatesCsvPath(id).orElseThrow()));
        assertThat(aggregatesCsv.get(0)).isEqualTo(LevelAggregate.HEADER);
        assertThat(aggregatesCsv).hasSize(1 + 4);
        for (List<String> record : aggregatesCsv.subList(1, aggregatesCsv.size())) {
            assertAggregateMatchesRows(record, rows);
        }
        assertThat(summary.aggregates()).hasSize(4);

        assertThat(summary.speedUps()).as("speed-ups of the fast target over the slow one").isNotEmpty()
                .allSatisfy(s -> assertThat(s.speedUp()).as(s.category()).isGreaterThan(1.0));
        assertThat(summary.speedUps()).extracting(SpeedUp::category)
                .containsExactly("factual", "everyday", "reasoning", "code", "analysis", "all");
        assertThat(summary.accuracy()).filteredOn(a -> a.category().equals("all"))
                .containsExactly(new RoutingAccuracy("cascade", "all", 12, 12, 1.0, 0, 0));
        assertThat(summary.saturation()).extracting(TargetSaturation::target).containsExactly("cascade", "baseline");
        assertThat(summary.speedUps()).allSatisfy(s -> assertThat(s.speedUpLow()).isLessThanOrEqualTo(s.speedUp())
                .isPositive()).allSatisfy(s -> assertThat(s.speedUpHigh()).isGreaterThanOrEqualTo(s.speedUp()));
        assertThat(summary.aggregates()).allSatisfy(a -> {
            assertThat(a.p50LowMs()).isLessThanOrEqualTo(a.p50Ms());
            assertThat(a.p50HighMs()).isGreaterThanOrEqualTo(a.p50Ms());
            assertThat(a.p95HighMs()).isGreaterThanOrEqualTo(a.p95Ms());
        });
        assertThat(summary.prompts()).extracting(PromptResult::promptId)
                .containsExactly("factual-01", "everyday-01", "reasoning-01", "code-01", "analysis-01");
        assertThat(summary.prompts()).allSatisfy(p -> assertThat(p.speedUp()).isGreaterThan(1.0));
    }

    @Test
    void sendsTheSameSamplingAndLengthToEveryTargetAndRecordsWarmupAndEnvironment() throws Exception {
        InstantResponder cascade = responder(ResponderBehaviour.INSTANT);
        InstantResponder baseline = responder(ResponderBehaviour.INSTANT);
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("cascade", cascade.baseUrl(), "auto"),
                        new TargetConfig("baseline", baseline.baseUrl(), "base")))
                .withPrompts(PromptSelection.first(5)).withLevels(List.of(1)).withRequestsPerLevel(5)
                .withSampling(new Sampling(0.0, 0.9, 42)).withFixedLength(true).withWarmupRequests(3);

        RunSummary summary = service.await(service.start(config), RUN_TIMEOUT).orElseThrow();

        for (InstantResponder responder : List.of(cascade, baseline)) {
            var body = responder.lastChatRequest();
            assertThat(body.path("temperature").asDouble(-1)).isEqualTo(0.0);
            assertThat(body.path("top_p").asDouble()).isEqualTo(0.9);
            assertThat(body.path("seed").asInt()).isEqualTo(42);
            assertThat(body.path("ignore_eos").asBoolean()).isTrue();
            assertThat(body.path("max_tokens").asInt()).isEqualTo(BenchConfig.DEFAULT_MAX_TOKENS);
            assertThat(responder.chatRequestCount()).as("3 warm-up + 5 measured").isEqualTo(8);
        }
        assertThat(summary.warmup()).containsExactly(new WarmupResult("cascade", 3, 3, 0),
                new WarmupResult("baseline", 3, 3, 0));
        assertThat(service.load(summary.id()).orElseThrow().rows()).as("warm-up requests are not rows").hasSize(10);
        RunEnvironment environment = summary.environment();
        assertThat(environment.machine().cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(environment.machine().memoryBytes()).isPositive();
        assertThat(environment.machine().cpuModel()).isNotBlank();
        assertThat(environment.jvm()).contains(System.getProperty("java.runtime.version"));
        assertThat(environment.endpoints()).extracting(RunEnvironment.Endpoint::name).containsExactly("cascade", "baseline");
        assertThat(environment.endpoints()).allSatisfy(e -> assertThat(e.error())
                .as("the stand-in has no /props").isEqualTo("GET /props answered HTTP 404"));
        assertThat(new RunStore(results).summary(summary.id()).orElseThrow().environment()).isEqualTo(environment);
    }

    @Test
    void warmUpWaitsForATargetStillLoadingItsModel() throws Exception {
        InstantResponder cascade = responder(ResponderBehaviour.INSTANT);
        InstantResponder loading = responder(ResponderBehaviour.INSTANT.withStatus(503)); // "Loading model"
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("cascade", cascade.baseUrl(), "auto"),
                        new TargetConfig("baseline", loading.baseUrl(), "base")))
                .withPrompts(PromptSelection.first(5)).withLevels(List.of(1)).withRequestsPerLevel(5).withWarmupRequests(1);
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
        try {
            clock.schedule(() -> loading.behaviour(ResponderBehaviour.INSTANT), 2_500, TimeUnit.MILLISECONDS);

            RunSummary summary = service.await(service.start(config), RUN_TIMEOUT).orElseThrow();

            assertThat(summary.warmup()).containsExactly(new WarmupResult("cascade", 1, 1, 0),
                    new WarmupResult("baseline", 1, 1, 0));
            assertThat(loading.chatRequestCount()).as("asked again while loading, then 5 measured")
                    .isGreaterThanOrEqualTo(1 + 2 + 5);
            assertThat(service.load(summary.id()).orElseThrow().rows()).as("no measured request met the loading model")
                    .hasSize(10).allSatisfy(row -> assertThat(row.status()).isEqualTo(200));
        } finally {
            clock.shutdownNow();
        }
    }

    @Test
    void cancelStopsDispatchingAndLeavesACancelledRunWithItsRows() throws Exception {
        InstantResponder slow = responder(ResponderBehaviour.INSTANT.withChunkDelayMs(50));
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("baseline", slow.baseUrl(), "base")))
                .withPrompts(PromptSelection.first(5)).withLevels(List.of(1, 2)).withRequestsPerLevel(20)
                .withWarmupRequests(0);
        String id = service.start(config);
        await().atMost(RUN_TIMEOUT).until(() -> service.status(id).orElseThrow().done() >= 2);

        assertThat(service.cancel(id)).isTrue();
        RunSummary summary = service.await(id, RUN_TIMEOUT).orElseThrow();

        assertThat(summary.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(summary.error()).isEqualTo("cancelled by request");
        assertThat(summary.done()).isBetween(2, summary.total() - 1);
        StoredRun stored = new RunStore(results).load(id).orElseThrow();
        assertThat(stored.summary().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(stored.rows()).hasSize(summary.done()).allSatisfy(r -> assertThat(r.ok()).isTrue());
        assertThat(slow.chatRequestCount()).as("requests sent: recorded ones plus at most the one aborted in flight")
                .isBetween((long) summary.done(), (long) summary.done() + 2);
        assertThat(service.cancel(id)).as("no longer active").isFalse();
    }

    @Test
    void aRunReportedEndedAlreadyHasItsFinalFilesOnDisk() throws Exception {
        InstantResponder upstream = responder(ResponderBehaviour.INSTANT);
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("baseline", upstream.baseUrl(), "base")))
                .withPrompts(PromptSelection.first(5)).withLevels(List.of(1)).withRequestsPerLevel(5)
                .withWarmupRequests(0);
        RunStore store = new RunStore(results);
        for (int run = 0; run < RUNS_WATCHED_TO_THEIR_END; run++) {
            String id = service.start(config);
            RunSummary live = firstSummaryNotRunning(id);

            assertThat(live.status()).isEqualTo(RunStatus.DONE);
            assertThat(store.summary(id).orElseThrow().status()).as("summary.json when run %d was first seen done", run)
                    .isEqualTo(RunStatus.DONE);
            assertThat(store.aggregatesCsvPath(id)).isPresent();
            service.await(id, RUN_TIMEOUT);
        }
    }

    /** Polls without pausing: the end's files are written within a few milliseconds of it. */
    private RunSummary firstSummaryNotRunning(String id) {
        long deadline = System.nanoTime() + RUN_TIMEOUT.toNanos();
        RunSummary live = service.status(id).orElseThrow();
        while (live.status() == RunStatus.RUNNING && System.nanoTime() < deadline) {
            live = service.status(id).orElseThrow();
        }
        return live;
    }

    @Test
    void refusesASecondRunForTheSameTargetsUntilTheFirstHasEnded() throws Exception {
        InstantResponder slow = responder(ResponderBehaviour.INSTANT.withContentDelayMs(10_000));
        InstantResponder fast = responder(ResponderBehaviour.INSTANT);
        BenchConfig slowConfig = BenchConfig.of(List.of(new TargetConfig("baseline", slow.baseUrl(), "base")))
                .withPrompts(PromptSelection.first(1)).withLevels(List.of(1)).withRequestsPerLevel(1);
        String first = service.start(slowConfig);

        assertThatThrownBy(() -> service.start(slowConfig)).isInstanceOf(RunAlreadyActiveException.class)
                .satisfies(e -> assertThat(((RunAlreadyActiveException) e).runningId()).isEqualTo(first));
        String other = service.start(BenchConfig.of(List.of(new TargetConfig("fast", fast.baseUrl(), "m")))
                .withPrompts(PromptSelection.first(1)).withLevels(List.of(1)).withRequestsPerLevel(1));
        assertThat(service.await(other, RUN_TIMEOUT).orElseThrow().status()).isEqualTo(RunStatus.DONE);

        service.cancel(first);
        assertThat(service.await(first, RUN_TIMEOUT).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
        String again = service.start(slowConfig.withRequestTimeoutMs(200));
        assertThat(again).isNotEqualTo(first);
        assertThat(service.await(again, RUN_TIMEOUT).orElseThrow().status()).isEqualTo(RunStatus.DONE);
    }

    @Test
    void recordsUpstream500And429AsErrorRowsNotExceptions() throws Exception {
        InstantResponder broken = responder(ResponderBehaviour.INSTANT.withStatus(500));
        InstantResponder limited = responder(ResponderBehaviour.INSTANT.withStatus(429));
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("broken", broken.baseUrl(), "m"),
                new TargetConfig("limited", limited.baseUrl(), "m"))).withPrompts(PromptSelection.first(3))
                .withLevels(List.of(1)).withRequestsPerLevel(3);

        RunSummary summary = service.await(service.start(config), RUN_TIMEOUT).orElseThrow();

        assertThat(summary.status()).isEqualTo(RunStatus.DONE);
        List<RequestRow> rows = service.load(summary.id()).orElseThrow().rows();
        assertThat(rows).hasSize(6);
        assertThat(rows).filteredOn(r -> r.target().equals("broken")).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(500);
            assertThat(r.error()).isEqualTo("HTTP 500: instant responder configured to answer 500");
        });
        assertThat(rows).filteredOn(r -> r.target().equals("limited"))
                .allSatisfy(r -> assertThat(r.status()).isEqualTo(429));
        assertThat(summary.aggregates()).allSatisfy(a -> {
            assertThat(a.errors()).isEqualTo(3);
            assertThat(a.ok()).isZero();
            assertThat(a.p50Ms()).isNull();
        });
        assertThat(service.rowsCsv(summary.id()).orElseThrow()).contains(",429,HTTP 429: instant responder configured to answer 429,");
    }

    @Test
    void stopsAtTheDeadlineWithAPartialRun() throws Exception {
        InstantResponder slow = responder(ResponderBehaviour.INSTANT.withContentDelayMs(400));
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("baseline", slow.baseUrl(), "m")))
                .withLevels(List.of(1, 2)).withRequestsPerLevel(20).withDeadlineSeconds(1).withWarmupRequests(0);

        RunSummary summary = service.await(service.start(config), RUN_TIMEOUT).orElseThrow();

        assertThat(summary.status()).isEqualTo(RunStatus.PARTIAL);
        assertThat(summary.error()).isEqualTo("deadline of 1 s exceeded at level 1");
        assertThat(summary.done()).as("requests finished within 1 s of 400 ms each").isLessThan(4);
        assertThat(service.load(summary.id()).orElseThrow().rows()).hasSize(summary.done());
        assertThat(summary.aggregates()).as("an interrupted level gets no aggregate").isEmpty();
    }

    @Test
    void rejectsAnInvalidConfigBeforeCreatingARun() {
        assertThatThrownBy(() -> service.start(BenchConfig.of(List.of()))).isInstanceOf(InvalidBenchConfigException.class)
                .hasMessage("targets must list 1 to 4 targets, but had 0");
        assertThat(service.list()).isEmpty();
        assertThat(service.status("unknown")).isEmpty();
    }

    private InstantResponder responder(ResponderBehaviour behaviour) {
        InstantResponder responder = InstantResponder.start(0, behaviour);
        responders.add(responder);
        return responder;
    }

    private static void assertTargetsRanConcurrently(List<RequestRow> rows, int level) {
        Predicate<RequestRow> atLevel = r -> r.level() == level;
        List<Instant> cascade = starts(rows, atLevel.and(r -> r.target().equals("cascade")));
        List<Instant> baseline = starts(rows, atLevel.and(r -> r.target().equals("baseline")));
        assertThat(cascade.get(0)).as("cascade started before baseline's last request").isBefore(baseline.get(baseline.size() - 1));
        assertThat(baseline.get(0)).as("baseline started before cascade's last request").isBefore(cascade.get(cascade.size() - 1));
    }

    private static List<Instant> starts(List<RequestRow> rows, Predicate<RequestRow> filter) {
        return rows.stream().filter(filter).map(r -> Instant.parse(r.startedAt())).sorted().toList();
    }

    private static void assertAggregateMatchesRows(List<String> record, List<RequestRow> rows) {
        String target = record.get(0);
        int level = Integer.parseInt(record.get(1));
        List<RequestRow> mine = rows.stream().filter(r -> r.target().equals(target) && r.level() == level).toList();
        List<Double> latencies = mine.stream().filter(RequestRow::ok).map(RequestRow::totalMs).toList();
        List<Double> ttfts = mine.stream().filter(RequestRow::ok).map(RequestRow::ttftMs).filter(Objects::nonNull).toList();
        long tokens = mine.stream().filter(RequestRow::ok).mapToLong(RequestRow::completionTokens).sum();
        double wallMs = Double.parseDouble(record.get(5));
        String where = target + " level " + level;
        assertThat(Integer.parseInt(record.get(2))).as(where + " requests").isEqualTo(mine.size());
        assertThat(Integer.parseInt(record.get(3))).as(where + " ok").isEqualTo(latencies.size());
        assertThat(Integer.parseInt(record.get(4))).as(where + " errors").isZero();
        assertThat(wallMs).as(where + " wall covers the slowest request")
                .isGreaterThanOrEqualTo(latencies.stream().mapToDouble(d -> d).max().orElseThrow() - 0.001);
        assertThat(Double.parseDouble(record.get(6))).as(where + " req/s").isCloseTo(latencies.size() * 1000.0 / wallMs, within(0.01));
        assertThat(Double.parseDouble(record.get(7))).as(where + " tok/s").isCloseTo(tokens * 1000.0 / wallMs, within(0.01));
        assertThat(Double.parseDouble(record.get(8))).as(where + " p50").isCloseTo(Percentiles.percentile(latencies, 50), within(0.001));
        assertThat(Double.parseDouble(record.get(9))).as(where + " p95").isCloseTo(Percentiles.percentile(latencies, 95), within(0.001));
        assertThat(Double.parseDouble(record.get(10))).as(where + " median TTFT").isCloseTo(Percentiles.median(ttfts), within(0.001));
    }
}
