package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.safety.EvaluationBudget;
import com.cascade4arm.rules.safety.SafeRulebooks;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import com.cascade4arm.rules.store.HistoryEntry;
import com.cascade4arm.rules.store.NewVersion;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.RuleVersions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Live rule editing: validate and dry-run candidates, activate them (store first, then the routing reference, under the
 * store's lock so activations follow version order), roll back. Every candidate goes through {@link SafeRulebooks}: the
 * safety check before Drools sees it. Compiles are bounded, since validate and dry-run are open to any client.
 */
public final class RuleEditor {
    private static final Logger LOG = LoggerFactory.getLogger(RuleEditor.class);
    /**
     * Compiles and dry-runs at once (a compile ≈ 50 ms of CPU and some class metadata, a dry-run 100 prompts under two
     * rulebooks); more wait up to COMPILE_WAIT_MS, then 503.
     */
    static final int MAX_CONCURRENT_COMPILES = 2;
    static final long COMPILE_WAIT_MS = 30_000;
    /** Longest a dry-run may evaluate, in milliseconds; past it the request ends with 503 dry_run_timeout. */
    static final long DRY_RUN_BUDGET_MS = 10_000;
    /** A dry-run decision slower than this is listed in over_budget, in microseconds (the live per-decision budget). */
    static final long DECISION_BUDGET_MICROS = 1_000;
    /** The rules module's labelled prompts, read once: every dry-run shows how a candidate moves them. */
    private static final List<LabelledPrompt> LABELLED = LabelledPrompts.bundled();

    private final Supplier<RuleVersions> opener;
    private final RulebookRoutingService routing;
    private final Semaphore compiles = new Semaphore(MAX_CONCURRENT_COMPILES, true);
    /** Dry-runs run one at a time: each may keep a core busy for its whole budget; a second one gets 429. */
    private final Semaphore dryRuns = new Semaphore(1);
    /** The running dry-run's deadline ({@link System#nanoTime()}), 0 when none routes: for Retry-After. */
    private volatile long dryRunDeadline;
    private volatile RuleVersions store;
    private volatile List<Prompt> suite;

    /**
     * {@code opener} gives the version store (local files or the shared database) on first use; {@code routing} must be
     * a {@link RulebookRoutingService} for editing, otherwise the API answers 503.
     */
    public RuleEditor(Supplier<RuleVersions> opener, RoutingService routing) {
        this.opener = opener;
        this.routing = routing instanceof RulebookRoutingService rulebooks ? rulebooks : null;
    }

    /** The stored version that serves. */
    public RuleVersion active() {
        return store().active();
    }

    /** The rulebook routing uses right now, with its version. */
    public RulebookRoutingService.ActiveRulebook serving() {
        store();
        return routing().active();
    }

    /** Why the reads answer from a cached copy right now (shared database unreachable); empty when live. */
    public Optional<String> cachedReadsNote() {
        return store().cachedReadsNote();
    }

    public List<HistoryEntry> history() {
        return store().history();
    }

    public Optional<HistoryEntry> version(long version) {
        return store().find(version);
    }

    /**
     * Checks, then compiles; nothing runs and nothing changes.
     *
     * @throws com.cascade4arm.rules.RulebookCompileException with the problems
     */
    public RoutingRulebook compile(Map<String, String> files) {
        return withPermit(() -> vetted(files));
    }

    /** The safety check, Drools, then the time budget of the text-dependent conditions (rules/design.md). */
    private static RoutingRulebook vetted(Map<String, String> files) {
        RoutingRulebook compiled = SafeRulebooks.compile(files);
        EvaluationBudget.check(files, EvaluationBudget.DEFAULT_BUDGET_MICROS);
        return compiled;
    }

    /** Runs {@code work} holding one of the {@link #MAX_CONCURRENT_COMPILES} permits; 503 rules_busy if none frees up. */
    private <T> T withPermit(java.util.function.Supplier<T> work) {
        boolean acquired;
        try {
            acquired = compiles.tryAcquire(COMPILE_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiError.unavailable("interrupted while waiting to compile rules");
        }
        if (!acquired) {
            throw new ApiError(503, "unavailable_error", "rules_busy",
                    "other rule compiles are in progress; retry shortly", 1);
        }
        try {
            return work.get();
        } finally {
            compiles.release();
        }
    }

    /**
     * Compiles the candidate and routes the suite (and its extra prompts) under it and the active rulebook, all under
     * one permit, the routing within {@link #DRY_RUN_BUDGET_MS}, stopping between prompts once {@code clientGone} says so.
     * Each decision's text conditions are capped as live ({@code cascade.rules.evaluation-budget-ms}), so the checks
     * between prompts come every few milliseconds whatever the candidate's patterns. One dry-run at a time.
     *
     * @throws ApiError 429 dry_run_in_progress with Retry-After while another dry-run runs
     */
    DryRun.Report dryRun(RuleCandidate candidate, BooleanSupplier clientGone) {
        if (!dryRuns.tryAcquire()) {
            throw new ApiError(429, "rate_limit_error", "dry_run_in_progress", "another dry-run is in progress and "
                    + "dry-runs run one at a time; retry after it (at most " + DRY_RUN_BUDGET_MS / 1_000 + " s of routing)",
                    retryAfterSeconds());
        }
        try {
            return withPermit(() -> {
                RoutingRulebook compiled = vetted(candidate.files());
                // The budget is for routing the prompts: a compile slowed down by a busy machine must not use it up.
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRY_RUN_BUDGET_MS);
                dryRunDeadline = deadline;
                RulebookRoutingService.ActiveRulebook current = serving();
                return DryRun.run(current.rulebook(), current.version(), compiled, suite(), candidate.prompts(), LABELLED,
                        new DryRun.Limits(deadline, TimeUnit.MICROSECONDS.toNanos(DECISION_BUDGET_MICROS),
                                routing().evaluationBudgetNanos(), clientGone));
            });
        } finally {
            dryRunDeadline = 0;
            dryRuns.release();
        }
    }

    /** Until the running dry-run's deadline (its routing part), at least 1 s; the whole budget while it compiles. */
    private int retryAfterSeconds() {
        long deadline = dryRunDeadline;
        long remainingMs = deadline == 0 ? DRY_RUN_BUDGET_MS
                : TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        return (int) Math.max(1, (remainingMs + 999) / 1_000);
    }

    /**
     * Stores the candidate as a new version and routes with it from the next request on; requests already routing
     * finish on the rulebook they read.
     *
     * @throws com.cascade4arm.rules.RulebookCompileException       when the candidate has problems (nothing changes)
     * @throws com.cascade4arm.rules.store.StaleVersionException when base_version is not the active version
     */
    public RuleVersion activate(RuleCandidate candidate) {
        RoutingRulebook compiled = compile(candidate.files());
        return commit(new NewVersion(candidate.files(), candidate.author(), candidate.comment(), null),
                candidate.baseVersion(), compiled);
    }

    /** Activates the content of an earlier version as a new version (history is append-only). */
    public RuleVersion rollback(long version, RuleCandidate meta) {
        HistoryEntry entry = version(version).orElseThrow(() -> ApiError.notFound("version_not_found",
                "no rules version " + version));
        if (entry.isDamaged()) {
            throw new ApiError(409, "conflict_error", "version_damaged",
                    "rules version " + version + " is damaged and cannot be restored: " + entry.damage());
        }
        RoutingRulebook compiled = compile(entry.content().files());
        String comment = meta.comment() != null ? meta.comment() : "rollback to version " + version;
        return commit(new NewVersion(entry.content().files(), meta.author(), comment, version), meta.baseVersion(), compiled);
    }

    private RuleVersion commit(NewVersion version, Long baseVersion, RoutingRulebook compiled) {
        RulebookRoutingService target = routing();
        // IfNewer: with a shared store, another replica's activation may reach routing first (via its notification).
        return store().commit(version, baseVersion, committed -> target.activateIfNewer(compiled, committed.version()));
    }

    private RulebookRoutingService routing() {
        if (routing == null) {
            throw ApiError.unavailable("rule editing needs the rulebook routing service, which this gateway does not use");
        }
        return routing;
    }

    /**
     * Opened on first use, so a gateway whose rules API is never called never touches the data directory. If routing
     * did not start from the store's active version (a test wiring, a hand-edited pointer), it is aligned now.
     */
    private RuleVersions store() {
        RuleVersions opened = store;
        if (opened != null) {
            return opened;
        }
        synchronized (this) {
            if (store == null) {
                RuleVersions fresh = opener.get();
                RulebookRoutingService target = routing();
                RuleVersion active = fresh.active();
                if (target.active().version() != active.version()) {
                    align(target, active);
                }
                store = fresh;
            }
            return store;
        }
    }

    private static void align(RulebookRoutingService target, RuleVersion active) {
        try {
            target.activate(SafeRulebooks.compile(active.files()), active.version());
            LOG.warn("routing used another rules version than the store's active {}: switched to it", active.version());
        } catch (RulebookCompileException e) {
            LOG.error("the store's active rules version {} does not pass the rule check; routing keeps version {}: {}",
                    active.version(), target.active().version(), e.getMessage());
        }
    }

    private List<Prompt> suite() {
        List<Prompt> prompts = suite;
        if (prompts == null) {
            prompts = PromptSuite.load().all();
            suite = prompts;
        }
        return prompts;
    }
}
