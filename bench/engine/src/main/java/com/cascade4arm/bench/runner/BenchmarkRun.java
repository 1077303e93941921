package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.judge.AnswerJudge;
import com.cascade4arm.bench.suite.Conversation;
import com.cascade4arm.bench.suite.ConversationSuite;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * One benchmark run: warms every target up (not measured), records the environment, then for each level in turn loads
 * all targets at the same time (one {@link LoadGenerator} each, the same {@link StratifiedOrder} of prompts); rows are
 * persisted as they complete, aggregates and the summary at each level end and at the end. A level
 * interrupted by cancel or deadline keeps its rows but gets no aggregate (its wall time would be meaningless). When
 * asked, a draft on/off pass measures what speculative decoding buys the cascade's large route ({@link DraftPass}),
 * and the judge then compares the kept answers ({@link QualityPhase}) — both after the measured requests, within the
 * run's deadline. A run of the multi-turn suite replaces the levels with its conversations ({@link ConversationLoad})
 * and keeps per-turn figures ({@link ConversationFigures}) and turns.csv besides its rows.
 */
final class BenchmarkRun {

    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRun.class);
    private static final long DRAIN_TIMEOUT_MS = 30_000;

    private final String id;
    private final BenchConfig config;
    private final List<Prompt> order;
    private final RunMetadata metadata;
    private final RunFiles files;
    private final ProgressListener listener;
    private final String startedAt = Instant.now().toString();
    private final String owner = RunOwner.current();
    private final Map<String, StreamingChatClient> clients = new LinkedHashMap<>();
    private final ExecutorService pool;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final List<RequestRow> rows = Collections.synchronizedList(new ArrayList<>());
    private final List<LevelAggregate> aggregates = new CopyOnWriteArrayList<>();
    private final AtomicInteger done = new AtomicInteger();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile RunStatus status = RunStatus.RUNNING;
    private volatile RunStatus stopStatus;
    private volatile String error;
    private volatile Integer currentLevel;
    private volatile String endedAt;
    private volatile String observedRulesVersion;
    private volatile List<TargetSaturation> saturation = List.of();
    private volatile List<SpeedUp> speedUps = List.of();
    private volatile List<RoutingAccuracy> accuracy = List.of();
    private volatile List<RunCost> costs = List.of();
    private volatile CategoryConfusion categories;
    private volatile List<PromptResult> promptResults = List.of();
    private volatile List<WarmupResult> warmup = List.of();
    private volatile RunEnvironment environment;
    private volatile List<RouterScorecard> scorecard = List.of();
    private volatile DraftSpeedup draftSpeedup;
    private volatile ConversationFigures conversationFigures;
    /** The multi-turn suite's clients (empty for a run of the prompt suite). */
    private final Map<String, TurnClient> turnClients = new LinkedHashMap<>();
    private final List<TurnRow> turnRows = Collections.synchronizedList(new ArrayList<>());
    private final QualityPhase quality;
    private final BenchHttp http;
    private final Map<String, Prompt> promptsById = new HashMap<>();

    /**
     * {@code judge}: where answers are judged when the config asks for it (null: no judge configured); {@code http}:
     * the Vert.x client the requests go out on.
     */
    BenchmarkRun(String id, BenchConfig config, List<Prompt> order, RunMetadata metadata, RunFiles files,
                 ProgressListener listener, AnswerJudge judge, BenchHttp http) {
        this.id = id;
        this.http = http;
        this.quality = new QualityPhase(config, judge);
        order.forEach(prompt -> promptsById.putIfAbsent(prompt.id(), prompt));
        this.config = config;
        this.order = order;
        this.metadata = metadata;
        this.files = files;
        this.listener = listener;
        config.targets().forEach(t -> clients.put(t.name(),
                new StreamingChatClient(http, t.baseUrl(), t.apiKey(), config.requestTimeoutMs())));
        if (config.multiTurn()) {
            config.targets().forEach(t -> turnClients.put(t.name(), new TurnClient(http, t, config.requestTimeoutMs())));
        }
        AtomicInteger threads = new AtomicInteger();
        this.pool = Executors.newCachedThreadPool(r -> {
            Thread thread = new Thread(r, "bench-" + id + "-worker-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    String id() {
        return id;
    }

    /** Writes the "running" summary; called before the run thread starts so a disk problem surfaces to the caller. */
    void writeInitialSummary() throws IOException {
        files.writeSummary(snapshot());
    }

    /** Runs every level, then writes the final summary and calls {@code onFinished} before waking waiters. */
    void run(Runnable onFinished) {
        try {
            if (metadata.categoryOf() != null) {
                categories = CategoryConfusion.of(order, metadata.categoryOf());
                files.writeCategories(categories);
            }
            long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(config.deadlineSeconds());
            warmup = Warmup.run(config, clients, order, stopped, pool);
            // After the warm-up: a server still loading its model (503 to /props) has answered by then.
            environment = EnvironmentProbe.collect(http, config.targets(), metadata.endpoints());
            files.writeSummary(snapshot());
            if (config.multiTurn()) {
                runConversations(deadlineNanos);
                return;
            }
            for (int level : config.levels()) {
                if (System.nanoTime() >= deadlineNanos) {
                    stop(RunStatus.PARTIAL, "deadline of " + config.deadlineSeconds() + " s reached before level " + level);
                }
                if (stopped.get()) {
                    break;
                }
                runLevel(level, deadlineNanos);
            }
            runDraftPass(deadlineNanos);
            quality.run(stopped::get, error, deadlineNanos, this::writeProgressSummary);
        } catch (Exception e) {
            LOG.warn("Benchmark run {} failed", id, e);
            stop(RunStatus.FAILED, "run failed: " + e);
        } finally {
            finish();
            try {
                onFinished.run();
            } finally {
                finished.countDown();
            }
        }
    }

    /** Stops dispatching, aborts in-flight requests; the run ends {@code cancelled}. */
    void cancel() {
        stop(RunStatus.CANCELLED, "cancelled by request");
    }

    /** Stops dispatching, aborts in-flight requests; the run ends {@code interrupted} with {@code reason}. */
    void interrupt(String reason) {
        stop(RunStatus.INTERRUPTED, reason);
    }

    boolean awaitFinished(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    RunSummary snapshot() {
        return snapshot(status, endedAt);
    }

    private RunSummary snapshot(RunStatus status, String endedAt) {
        String rulesVersion = metadata.rulesVersion() != null ? metadata.rulesVersion() : observedRulesVersion;
        return new RunSummary(id, status, startedAt, endedAt, config, rulesVersion, metadata.gitCommit(), done.get(),
                config.totalRequests(), currentLevel, error, owner, List.copyOf(aggregates), saturation, speedUps,
                accuracy, promptResults, warmup, environment, Scorecards.withQuality(scorecard, quality.quality()),
                quality.quality(), costs, categories, draftSpeedup,
                conversationFigures);
    }

    private void runLevel(int level, long deadlineNanos) throws Exception {
        currentLevel = level;
        notifyProgress(level);
        Map<String, CompletableFuture<Double>> wallMs = new LinkedHashMap<>();
        for (TargetConfig target : config.targets()) {
            LoadGenerator generator = new LoadGenerator(id, target, clients.get(target.name()), order, config, stopped,
                    (row, result) -> record(row, result, level));
            wallMs.put(target.name(), generator.run(level, config.requestsPerLevel(), pool));
        }
        CompletableFuture<Void> all = CompletableFuture.allOf(wallMs.values().toArray(CompletableFuture[]::new));
        try {
            all.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            stop(RunStatus.PARTIAL, "deadline of " + config.deadlineSeconds() + " s exceeded at level " + level);
            all.get(DRAIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }
        if (stopped.get()) {
            return;
        }
        for (TargetConfig target : config.targets()) {
            List<RequestRow> levelRows = rowsSnapshot().stream()
                    .filter(r -> r.level() == level && r.target().equals(target.name())).toList();
            aggregates.add(LevelAggregate.of(target.name(), level, levelRows, wallMs.get(target.name()).join(),
                    target.usdPerHour()));
        }
        derive();
        files.writeAggregates(aggregates);
        files.writeSummary(snapshot());
    }

    /**
     * The multi-turn suite: the conversations through every target at once, then per-turn figures and one aggregate
     * per target (its level is the concurrency). A run stopped part-way keeps its rows and the figures of what ended.
     */
    private void runConversations(long deadlineNanos) throws Exception {
        int concurrency = config.levels().get(0);
        currentLevel = concurrency;
        notifyProgress(concurrency);
        List<Conversation> conversations =
                ConversationSuite.load().first(config.conversations());
        long startNanos = System.nanoTime();
        ConversationLoad load = new ConversationLoad(id, config, conversations, turnClients, stopped, pool,
                (turn, row) -> recordTurn(turn, row, concurrency, conversations.size(), startNanos));
        Map<String, Double> wallMs;
        try {
            wallMs = load.run(deadlineNanos);
        } catch (TimeoutException e) {
            stop(RunStatus.PARTIAL, "deadline of " + config.deadlineSeconds() + " s exceeded in the conversations");
            wallMs = Map.of();
        }
        List<String> targets = config.targets().stream().map(TargetConfig::name).toList();
        List<TurnRow> turns;
        synchronized (turnRows) {
            turns = new ArrayList<>(turnRows);
        }
        conversationFigures = ConversationFigures.of(conversations.size(), ConversationSuite.TURNS,
                concurrency, targets, turns, wallMs);
        if (!stopped.get()) {
            for (TargetConfig target : config.targets()) {
                List<RequestRow> own = rowsSnapshot().stream().filter(r -> r.target().equals(target.name())).toList();
                aggregates.add(LevelAggregate.of(target.name(), concurrency, own, wallMs.get(target.name()),
                        target.usdPerHour()));
            }
        }
        derive();
        files.writeAggregates(aggregates);
        files.writeSummary(snapshot());
    }

    /** Records a turn; the per-turn figures follow live (throughput over the time so far until the run ends). */
    private void recordTurn(TurnRow turn, RequestRow row, int level, int conversations, long startNanos) {
        try {
            files.appendTurn(turn);
            files.appendRow(row);
        } catch (IOException e) {
            stop(RunStatus.FAILED, "cannot append to rows.csv or turns.csv: " + e);
            return;
        }
        turnRows.add(turn);
        rows.add(row);
        List<TurnRow> turns;
        synchronized (turnRows) {
            turns = new ArrayList<>(turnRows);
        }
        double elapsedMs = (System.nanoTime() - startNanos) / 1e6;
        Map<String, Double> soFar = new LinkedHashMap<>();
        config.targets().forEach(t -> soFar.put(t.name(), elapsedMs));
        conversationFigures = ConversationFigures.of(conversations, ConversationSuite.TURNS,
                level, config.targets().stream().map(TargetConfig::name).toList(), turns, soFar);
        done.incrementAndGet();
        notifyProgress(level);
    }

    /** The draft on/off pass when the config asks for it; a stopped run says so instead of a figure. */
    private void runDraftPass(long deadlineNanos) throws IOException {
        if (!config.draftPass()) {
            return;
        }
        String target = config.targets().get(0).name();
        if (stopped.get()) {
            draftSpeedup = DraftSpeedup.unavailable(target, 0, "not measured: " + error);
            return;
        }
        draftSpeedup = new DraftPass(id, config, clients.get(target), files).run(order, stopped::get, deadlineNanos);
        files.writeSummary(snapshot());
    }

    private void record(RequestRow row, StreamResult result, int level) {
        try {
            files.appendRow(row);
        } catch (IOException e) {
            stop(RunStatus.FAILED, "cannot append to rows.csv: " + e);
            return;
        }
        rows.add(row);
        Prompt prompt = promptsById.get(row.promptId());
        if (row.ok() && prompt != null) {
            quality.answers().record(row.target(), prompt, result.route(), result.answer());
        }
        if (observedRulesVersion == null && result.rulesVersion() != null) {
            observedRulesVersion = result.rulesVersion();
        }
        done.incrementAndGet();
        notifyProgress(level);
    }

    /** The summary as judging advances; a failed write is logged, the next one replaces it. */
    private void writeProgressSummary() {
        try {
            files.writeSummary(snapshot());
        } catch (IOException e) {
            LOG.warn("Cannot write the summary of run {} while judging: {}", id, e.toString());
        }
    }

    private void notifyProgress(int level) {
        try {
            listener.onProgress(new Progress(id, done.get(), config.totalRequests(), level));
        } catch (RuntimeException e) {
            LOG.warn("Progress listener of run {} failed: {}", id, e.toString());
        }
    }

    private void stop(RunStatus why, String message) {
        if (stopped.compareAndSet(false, true)) {
            stopStatus = why;
            error = message;
            clients.values().forEach(StreamingChatClient::cancelAll);
            turnClients.values().forEach(TurnClient::cancelAll);
        }
    }

    private List<RequestRow> rowsSnapshot() {
        synchronized (rows) {
            return new ArrayList<>(rows);
        }
    }

    private void derive() {
        List<String> targets = config.targets().stream().map(TargetConfig::name).toList();
        List<RequestRow> snapshot = rowsSnapshot();
        if (config.multiTurn()) {
            // Routing accuracy, speed-ups per category and the scorecard compare single labelled prompts: not these.
            costs = RunCost.of(config.targets(), List.copyOf(aggregates), snapshot);
            return;
        }
        saturation = aggregates.isEmpty() ? List.of() : RunAnalysis.saturation(aggregates, snapshot);
        speedUps = RunAnalysis.speedUps(snapshot, targets, PromptSuite.CATEGORIES);
        accuracy = RunAnalysis.accuracy(snapshot, PromptSuite.CATEGORIES);
        promptResults = RunAnalysis.perPrompt(snapshot, targets,
                order.stream().collect(Collectors.toMap(Prompt::id, Prompt::prompt, (x, y) -> x)));
        scorecard = Scorecards.of(snapshot);
        costs = RunCost.of(config.targets(), List.copyOf(aggregates), snapshot);
    }

    private void finish() {
        pool.shutdownNow();
        try {
            derive();
        } catch (RuntimeException e) {
            LOG.warn("Cannot derive results of run {}", id, e);
        }
        RunStatus endStatus = stopStatus != null ? stopStatus : RunStatus.DONE;
        String endTime = Instant.now().toString();
        try {
            files.close();
            files.writeAggregates(aggregates);
            files.writeScorecard(Scorecards.withQuality(scorecard, quality.quality()));
            if (!quality.pairs().isEmpty()) {
                files.writeAnswers(quality.pairs());
            }
            if (quality.quality() != null) {
                files.writeJudgements(quality.quality().prompts());
            }
            files.writeSummary(snapshot(endStatus, endTime));
        } catch (IOException e) {
            LOG.error("Cannot write the final summary of run {}", id, e);
        }
        // Published after the files: a client that sees the end (and reads answers.json, say) finds what it wrote.
        endedAt = endTime;
        status = endStatus;
    }
}
