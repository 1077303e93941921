package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.bench.judge.AnswerJudge;
import com.cascade4arm.bench.suite.PromptSuite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The facade the gateway's REST API, its scheduled route and the CLI use: start runs in the background (one at a time
 * per set of targets), follow, list, cancel and read them, live or from disk after a restart.
 */
public final class BenchmarkService implements AutoCloseable {

    private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private final RunStore store;
    private final PromptSuite suite;
    private final Map<String, BenchmarkRun> active = new ConcurrentHashMap<>();
    private final Map<String, String> activeIdByTargets = new HashMap<>();
    private final AnswerJudge judge;
    private final Supplier<BenchHttp> http;

    /** Opens (and recovers) the results directory and loads the bundled suite. */
    public BenchmarkService(Path resultsDir) {
        this(new RunStore(resultsDir), PromptSuite.load());
    }

    public BenchmarkService(RunStore store, PromptSuite suite) {
        this(store, suite, null);
    }

    /**
     * {@code judge}: compares the cascade's answers with the baseline's in runs that ask for it (null: none); runs go
     * out on the process's own small Vert.x ({@link BenchHttp#standalone}), made at the first run.
     */
    public BenchmarkService(RunStore store, PromptSuite suite, AnswerJudge judge) {
        this(store, suite, judge, BenchHttp::standalone);
    }

    /** As above, runs going out on {@code http} (a gateway's: {@link BenchHttp#on} its Vert.x). */
    public BenchmarkService(RunStore store, PromptSuite suite, AnswerJudge judge, BenchHttp http) {
        this(store, suite, judge, () -> http);
    }

    private BenchmarkService(RunStore store, PromptSuite suite, AnswerJudge judge, Supplier<BenchHttp> http) {
        this.store = store;
        this.suite = suite;
        this.judge = judge;
        this.http = http;
    }

    /** True when runs may ask for judging. */
    public boolean judgeConfigured() {
        return judge != null;
    }

    public String start(BenchConfig config) {
        return start(config, RunMetadata.NONE, ProgressListener.NONE);
    }

    /**
     * Validates the config, creates the run directory, starts the run in the background and returns its id.
     *
     * @throws InvalidBenchConfigException when the config is invalid (message names each bad value)
     * @throws RunAlreadyActiveException   when a run for the same targets is still active
     */
    public synchronized String start(BenchConfig config, RunMetadata metadata, ProgressListener listener) {
        config.validate(suite);
        if (config.judge() && judge == null) {
            throw new InvalidBenchConfigException("judge is true, but no judge is configured");
        }
        String targetsKey = targetsKey(config);
        String runningId = activeIdByTargets.get(targetsKey);
        if (runningId != null) {
            throw new RunAlreadyActiveException(runningId);
        }
        BenchmarkRun run;
        try {
            RunFiles files = store.create(Instant.now());
            run = new BenchmarkRun(files.dir().getFileName().toString(), config, config.levelOrder(suite),
                    metadata == null ? RunMetadata.NONE : metadata, files,
                    listener == null ? ProgressListener.NONE : listener, judge, http.get());
            run.writeInitialSummary();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a run directory under " + store.resultsDir(), e);
        }
        String id = run.id();
        active.put(id, run);
        activeIdByTargets.put(targetsKey, id);
        Thread thread = new Thread(() -> run.run(() -> finished(id, targetsKey)), "bench-run-" + id);
        thread.setDaemon(true);
        thread.start();
        return id;
    }

    /** The live state of an active run, else its persisted summary; empty for an unknown id. */
    public Optional<RunSummary> status(String id) {
        BenchmarkRun run = id == null ? null : active.get(id);
        return run != null ? Optional.of(run.snapshot()) : store.summary(id);
    }

    /** All runs, newest first, active ones with their live state. */
    public List<RunSummary> list() {
        return store.list().stream().map(s -> active.containsKey(s.id()) ? active.get(s.id()).snapshot() : s).toList();
    }

    /** Ids of the runs in progress. */
    public List<String> activeRunIds() {
        return List.copyOf(active.keySet());
    }

    /** Cancels an active run (it ends {@code cancelled}, keeping its rows); false when it is not active. */
    public boolean cancel(String id) {
        BenchmarkRun run = id == null ? null : active.get(id);
        if (run == null) {
            return false;
        }
        run.cancel();
        return true;
    }

    /** Ends every active run as {@code interrupted} with {@code reason} (the process is going away); keeps their rows. */
    public void interruptAll(String reason) {
        active.values().forEach(run -> run.interrupt(reason));
    }

    /** The rows.csv text of a run (complete rows so far for an active run). */
    public Optional<String> rowsCsv(String id) {
        return store.rowsCsvPath(id).map(BenchmarkService::read);
    }

    /** The turns.csv text of a multi-turn run kept in this results directory (turns so far for an active run). */
    public Optional<String> turnsCsv(String id) {
        return store.turnsCsvPath(id).map(BenchmarkService::read);
    }

    /** Summary (live when active) and rows of a run. */
    public Optional<StoredRun> load(String id) {
        return store.load(id).map(stored -> new StoredRun(status(id).orElse(stored.summary()), stored.rows()));
    }

    /** Waits until the run has ended or the timeout passed, then returns its state. */
    public Optional<RunSummary> await(String id, Duration timeout) throws InterruptedException {
        BenchmarkRun run = id == null ? null : active.get(id);
        if (run != null) {
            run.awaitFinished(timeout);
        }
        return status(id);
    }

    public RunStore store() {
        return store;
    }

    public PromptSuite suite() {
        return suite;
    }

    /** Cancels the active runs and waits briefly for them to write their final summary. */
    @Override
    public void close() throws InterruptedException {
        List<BenchmarkRun> runs = List.copyOf(active.values());
        runs.forEach(BenchmarkRun::cancel);
        for (BenchmarkRun run : runs) {
            run.awaitFinished(CLOSE_WAIT);
        }
    }

    private synchronized void finished(String id, String targetsKey) {
        active.remove(id);
        activeIdByTargets.remove(targetsKey, id);
    }

    private static String targetsKey(BenchConfig config) {
        TreeSet<String> targets = new TreeSet<>();
        config.targets().forEach(t -> targets.add(stripSlash(t.baseUrl()) + " " + t.model()));
        return String.join("\n", targets);
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
