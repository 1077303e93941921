package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.bench.judge.AnswerJudge;
import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.InvalidBenchConfigException;
import com.cascade4arm.bench.runner.Progress;
import com.cascade4arm.bench.runner.ProgressListener;
import com.cascade4arm.bench.runner.RunAlreadyActiveException;
import com.cascade4arm.bench.runner.RunMetadata;
import com.cascade4arm.bench.runner.RunStore;
import com.cascade4arm.bench.runner.TargetConfig;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.routes.serving.routing.PromptCategory;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Starts the gateway's benchmark runs — from the API or the schedule — against the configured targets only, with
 * the rules version and git commit recorded; owns the engine ({@link BenchmarkService}) and its results directory.
 */
public final class BenchLauncher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BenchLauncher.class);

    private final BenchmarkService service;
    private final RunHistory history;
    private final BenchTargets targets;
    private final RoutingService routing;
    private final String configuredGitCommit;
    private volatile String detectedGitCommit;
    private volatile boolean gitChecked;
    private final boolean judgeByDefault;
    private final BenchHttp http;

    /** {@code history} shows the runs: this gateway's ({@link LocalRunHistory}) or the cluster's. */
    public BenchLauncher(BenchSettings settings, BenchTargets targets, RoutingService routing,
                         Function<BenchmarkService, RunHistory> history, BenchHttp http) {
        this(settings, targets, routing, history, null, false, http);
    }

    /**
     * @param judge         compares the cascade's answers with the baseline's in runs that ask (null: none configured)
     * @param judgeByDefault runs that do not say are judged (cascade.judge.enabled), when a baseline is configured
     * @param http          the Vert.x client the runs' requests go out on (the gateway's Vert.x); closed with this
     */
    public BenchLauncher(BenchSettings settings, BenchTargets targets, RoutingService routing,
                         Function<BenchmarkService, RunHistory> history, AnswerJudge judge, boolean judgeByDefault,
                         BenchHttp http) {
        this.http = http;
        this.service = new BenchmarkService(new RunStore(settings.resultsDir()), PromptSuite.load(), judge, http);
        this.judgeByDefault = judgeByDefault && judge != null;
        this.history = history.apply(service);
        this.targets = targets;
        this.routing = routing;
        this.configuredGitCommit = settings.config().gitCommit().orElse(null);
    }

    /** A run that was started, with the names of its targets. */
    public record Started(String id, List<String> targets, int total) {
    }

    /**
     * Starts {@code requested} (its targets are ignored) against the configured targets.
     *
     * @throws com.cascade4arm.bench.runner.InvalidBenchConfigException when the config is out of bounds
     * @throws com.cascade4arm.bench.runner.RunAlreadyActiveException   when a run is active
     */
    public synchronized Started start(BenchConfig requested) {
        // One run at a time per gateway, whatever its targets: two runs would measure each other's load.
        List<String> active = service.activeRunIds();
        if (!active.isEmpty()) {
            throw new RunAlreadyActiveException(active.get(0));
        }
        if (requested.judge() && !service.judgeConfigured()) {
            throw new InvalidBenchConfigException("judge is true, but no judge is configured (cascade.judge.url)");
        }
        if (requested.judge() && !targets.hasBaseline()) {
            throw new InvalidBenchConfigException("judge is true, but there is no baseline to compare the cascade "
                    + "with (cascade.baseline.url)");
        }
        List<TargetConfig> runTargets = targets.resolve();
        BenchConfig config = requested.withTargets(runTargets);
        String id = service.start(config, new RunMetadata(rulesVersion(), gitCommit(), targets::tierEndpoints,
                prompt -> PromptCategory.of(routing, prompt)), levelLogger());
        history.started(id);
        List<String> names = runTargets.stream().map(TargetConfig::name).toList();
        String shape = config.multiTurn()
                ? config.conversations() + " conversations x 6 turns, " + config.levels().get(0) + " at a time"
                : "levels " + config.levels() + ", " + config.requestsPerLevel() + " requests per level and target";
        LOG.info("Benchmark run {} started: targets {}, {}{}", id, names, shape,
                targets.hasBaseline() ? "" : " (no baseline configured: cascade only)");
        return new Started(id, names, config.totalRequests());
    }

    /** Whether a run that does not say is judged: a judge is configured and enabled, and there is a baseline. */
    public boolean judgeByDefault() {
        return judgeByDefault && targets.hasBaseline();
    }

    public boolean hasBaseline() {
        return targets.hasBaseline();
    }

    public BenchmarkService service() {
        return service;
    }

    /** The runs as the API shows them (this gateway's, or every replica's with a shared store). */
    public RunHistory history() {
        return history;
    }

    /** Cancels active runs and waits briefly for their final summary. */
    @Override
    public void close() {
        try {
            service.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        history.close(); // after the runs ended, so their final state is what the history keeps
        http.close();
    }

    private String rulesVersion() {
        return routing instanceof RulebookRoutingService rulebook ? String.valueOf(rulebook.active().version()) : null;
    }

    private String gitCommit() {
        if (configuredGitCommit != null) {
            return configuredGitCommit;
        }
        if (!gitChecked) {
            detectedGitCommit = GitCommit.detect();
            gitChecked = true;
        }
        return detectedGitCommit;
    }

    /** Logs each level as it starts and the end of the run's requests. */
    private static ProgressListener levelLogger() {
        AtomicInteger lastLevel = new AtomicInteger();
        return (Progress p) -> {
            int previous = lastLevel.getAndSet(p.level());
            if (previous != p.level()) {
                LOG.info("Benchmark run {}: concurrency {} ({}/{} requests done)", p.runId(), p.level(), p.done(), p.total());
            }
            if (p.done() == p.total()) {
                LOG.info("Benchmark run {}: all {} requests done", p.runId(), p.total());
            }
        };
    }
}
