package com.cascade4arm.rules.semantic;

import com.cascade4arm.rules.facts.PromptFacts;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The semantic fact source: {@code semanticLargeScore}, the semantic head's P(large) on the prompt's sentence
 * embedding. An embedding costs milliseconds (4-16 ms p50 on two cores), far over the decision's 1 ms, so it is
 * computed only in the learned score's uncertain band (top score below {@value #UNCERTAIN_BELOW}: the confident band
 * of learned-score.drl settles the rest), on this source's own thread, never the caller's, and only within a time
 * budget: a prompt whose embedding is not ready in time is routed without it ({@code semanticLargeScore} -1). Thread-safe.
 */
public final class SemanticFact {

    /** Below this top score the learned score is unsure: where a second, semantic opinion is worth its cost. */
    public static final double UNCERTAIN_BELOW = 0.7;
    /** Prompts waiting for the embedding thread beyond these are routed without the fact at once. */
    static final int MAX_QUEUED = 64;

    private static final SemanticFact OFF = new SemanticFact(null, null, 0);

    private final SentenceEncoder encoder;
    private final SemanticHead head;
    private final long budgetNanos;
    private final ExecutorService embedder;

    private SemanticFact(SentenceEncoder encoder, SemanticHead head, long budgetNanos) {
        this.encoder = encoder;
        this.head = head;
        this.budgetNanos = budgetNanos;
        this.embedder = encoder == null ? null : new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(MAX_QUEUED), runnable -> {
                    Thread thread = new Thread(runnable, "semantic-fact");
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** No semantic fact: every prompt keeps {@code semanticLargeScore} -1 and costs nothing more. */
    public static SemanticFact off() {
        return OFF;
    }

    /**
     * The bundled head on all-MiniLM-L6-v2, loading the model now on its own thread (about 0.7 s) so that the first
     * prompts do not pay for it; off when this build has no head.
     */
    public static SemanticFact bundled(long budgetNanos) {
        SemanticHead head = SemanticHead.bundled();
        if (head == null) {
            return OFF;
        }
        SemanticFact fact = new SemanticFact(text -> MiniLmEncoder.shared().embed(text), head, budgetNanos);
        fact.embedder.execute(() -> MiniLmEncoder.shared().embed("warm up"));
        return fact;
    }

    /** A source over any encoder and head (tests, cross-validation with a head per fold). */
    public static SemanticFact of(SentenceEncoder encoder, SemanticHead head, long budgetNanos) {
        return new SemanticFact(Objects.requireNonNull(encoder), Objects.requireNonNull(head), budgetNanos);
    }

    public boolean enabled() {
        return encoder != null;
    }

    public long budgetNanos() {
        return budgetNanos;
    }

    /** Whether {@link #addTo} would embed this prompt: on, and the learned score unsure. */
    public boolean wanted(PromptFacts facts) {
        return enabled() && facts.getTopScore() < UNCERTAIN_BELOW;
    }

    /**
     * The facts with the semantic fact, without blocking: completes on the embedding thread, or at the budget's end
     * with the facts unchanged but for a note saying why. Never fails.
     */
    public CompletableFuture<PromptFacts> addToAsync(PromptFacts facts) {
        if (!enabled()) {
            return CompletableFuture.completedFuture(facts.withSemantic(-1, "off"));
        }
        if (!wanted(facts)) {
            return CompletableFuture.completedFuture(facts.withSemantic(-1, String.format(Locale.ROOT,
                    "not needed: the learned score is confident (%.3f)", facts.getTopScore())));
        }
        long started = System.nanoTime();
        CompletableFuture<PromptFacts> result = new CompletableFuture<>();
        Future<?> task;
        try {
            task = embedder.submit(() -> {
                try {
                    double p = head.largeProbability(encoder.embed(facts.getText()));
                    result.complete(facts.withSemantic(p, String.format(Locale.ROOT, "embedded in %.1f ms",
                            (System.nanoTime() - started) / 1e6)));
                } catch (RuntimeException e) {
                    result.complete(facts.withSemantic(-1, "left out: the embedding failed (" + e.getMessage() + ")"));
                }
            });
        } catch (RejectedExecutionException e) {
            return CompletableFuture.completedFuture(facts.withSemantic(-1, "left out: " + MAX_QUEUED
                    + " prompts already wait for an embedding"));
        }
        PromptFacts late = facts.withSemantic(-1, String.format(Locale.ROOT, "left out: not ready within its %.0f ms budget",
                budgetNanos / 1e6));
        return result.completeOnTimeout(late, budgetNanos, TimeUnit.NANOSECONDS).whenComplete((facts2, error) -> {
            task.cancel(false); // a prompt still queued when its budget ran out is not embedded at all
        });
    }

    /** {@link #addToAsync} waited for: blocks up to the budget, so never on an event loop. */
    public PromptFacts addTo(PromptFacts facts) {
        return addToAsync(facts).join();
    }
}
