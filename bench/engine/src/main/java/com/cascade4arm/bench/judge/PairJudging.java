package com.cascade4arm.bench.judge;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Judges a run's answer pairs after its measured requests: each pair twice (cascade as A, then baseline as A), at most
 * {@link AnswerJudge#concurrency()} comparisons at once, until {@code deadlineNanos}. Never throws: a judge error, an
 * unparseable reply, a stop or the deadline makes that prompt unjudged with the reason.
 */
public final class PairJudging {
    private static final Logger LOG = LoggerFactory.getLogger(PairJudging.class);
    private static final int REPLY_EXCERPT_CHARS = 60;
    /** How often a wait for the judge checks whether the run was stopped. */
    private static final long STOP_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private final AnswerJudge judge;
    private final BooleanSupplier stopped;

    public PairJudging(AnswerJudge judge, BooleanSupplier stopped) {
        this.judge = judge;
        this.stopped = stopped;
    }

    /** Judges every pair; {@code onJudged} hears each result as it lands (for live progress). */
    public List<PromptJudgement> judge(List<AnswerPair> pairs, long deadlineNanos, Consumer<PromptJudgement> onJudged) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, judge.concurrency()), r -> {
            Thread thread = new Thread(r, "bench-judge");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<PromptJudgement>> futures = new ArrayList<>();
            pairs.forEach(pair -> futures.add(pool.submit(() -> {
                PromptJudgement judgement = one(pair);
                onJudged.accept(judgement);
                return judgement;
            })));
            List<PromptJudgement> results = new ArrayList<>();
            for (int i = 0; i < pairs.size(); i++) {
                results.add(await(futures.get(i), pairs.get(i), deadlineNanos));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The pair's result, or unjudged when the deadline passes or the run stops first (polled, so a stop is prompt). */
    private PromptJudgement await(Future<PromptJudgement> future, AnswerPair pair, long deadlineNanos) {
        try {
            while (true) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    future.cancel(true);
                    return PromptJudgement.unjudged(pair, "the run's deadline passed before the judge answered");
                }
                try {
                    return future.get(Math.min(left, STOP_POLL_NANOS), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    if (stopped.getAsBoolean()) {
                        future.cancel(true);
                        return PromptJudgement.unjudged(pair, "the run was stopped before the judge answered");
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return PromptJudgement.unjudged(pair, "interrupted");
        } catch (CancellationException | ExecutionException e) {
            LOG.warn("Judging prompt {} failed", pair.promptId(), e.getCause());
            return PromptJudgement.unjudged(pair, "internal error: " + e.getCause());
        }
    }

    /** Both orders of one pair, combined. */
    PromptJudgement one(AnswerPair pair) {
        Asked cascadeFirst = ask(JudgePrompt.of(pair.prompt(), pair.cascadeAnswer(), pair.baselineAnswer()));
        Asked baselineFirst = cascadeFirst.unavailable() ? cascadeFirst
                : ask(JudgePrompt.of(pair.prompt(), pair.baselineAnswer(), pair.cascadeAnswer()));
        Outcome outcome = Outcome.combine(cascadeFirst.verdict(), baselineFirst.verdict());
        String reason = outcome != Outcome.UNJUDGED ? null
                : cascadeFirst.problem() != null ? "cascade first: " + cascadeFirst.problem()
                : "baseline first: " + baselineFirst.problem();
        return new PromptJudgement(pair.promptId(), pair.category(), pair.route(), cascadeFirst.verdict(),
                cascadeFirst.unavailable() ? null : baselineFirst.verdict(), outcome, reason);
    }

    private Asked ask(JudgePrompt question) {
        if (stopped.getAsBoolean()) {
            return new Asked(null, "the run was stopped before judging", true);
        }
        try {
            String reply = judge.ask(question);
            Verdict verdict = Verdict.parse(reply);
            return verdict != null ? new Asked(verdict, null, false)
                    : new Asked(null, "unparseable reply '" + excerpt(reply) + "'", false);
        } catch (JudgeUnavailableException e) {
            return new Asked(null, e.getMessage(), true);
        }
    }

    private static String excerpt(String reply) {
        String text = reply == null ? "" : reply.strip().replaceAll("\\s+", " ");
        return text.length() <= REPLY_EXCERPT_CHARS ? text : text.substring(0, REPLY_EXCERPT_CHARS) + "…";
    }

    /** One order's verdict, or the problem that left it without one ({@code unavailable}: no reply at all). */
    private record Asked(Verdict verdict, String problem, boolean unavailable) {
    }
}
