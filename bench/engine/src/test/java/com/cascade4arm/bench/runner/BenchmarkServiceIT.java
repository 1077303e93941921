package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.testing.upstream.InstantResponder;
import com.cascade4arm.testing.upstream.ResponderBehaviour;
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
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

class BenchmarkServiceIT {

    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(30);
    private static final long SLOW_CHUNK_DELAY_MS = 15;
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
                .withPrompts(PromptSelection.first(5)).withLevels(List.of(1, 2)).withRequestsPerLevel(6);
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
                .as("round-robin prompt of seq %d", r.seq()).isEqualTo(SUITE.all().get((r.seq() - 1) % 5).id()));
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
                .containsExactly(new RoutingAccuracy("cascade", "all", 12, 12, 1.0));
        assertThat(summary.saturation()).extracting(TargetSaturation::target).containsExactly("cascade", "baseline");
    }

    @Test
    void cancelStopsDispatchingAndLeavesACancelledRunWithItsRows() throws Exception {
        InstantResponder slow = responder(ResponderBehaviour.INSTANT.withChunkDelayMs(50));
        BenchConfig config = BenchConfig.of(List.of(new TargetConfig("baseline", slow.baseUrl(), "base")))
                .withPrompts(PromptSelection.first(5)).withLevels(List.of(1, 2)).withRequestsPerLevel(20);
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
    void refusesASecondRunForTheSameTargetsUntilTheFirstHasEnded() throws Exception {
        InstantResponder slow = responder(ResponderBehaviour.INSTANT.withContentDelayMs(10_000));
        InstantResponder fast = responder(ResponderBehaviour.INSTANT);
        BenchConfig slowConfig = BenchConfig.of(List.of(new TargetConfig("baseline", slow.baseUrl(), "base")))
                .withLevels(List.of(1)).withRequestsPerLevel(1);
        String first = service.start(slowConfig);

        assertThatThrownBy(() -> service.start(slowConfig)).isInstanceOf(RunAlreadyActiveException.class)
                .satisfies(e -> assertThat(((RunAlreadyActiveException) e).runningId()).isEqualTo(first));
        String other = service.start(BenchConfig.of(List.of(new TargetConfig("fast", fast.baseUrl(), "m")))
                .withLevels(List.of(1)).withRequestsPerLevel(1));
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
                new TargetConfig("limited", limited.baseUrl(), "m"))).withLevels(List.of(1)).withRequestsPerLevel(3);

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
                .withLevels(List.of(1, 2)).withRequestsPerLevel(20).withDeadlineSeconds(1);

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
