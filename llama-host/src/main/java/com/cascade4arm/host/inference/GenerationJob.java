package com.cascade4arm.host.inference;

import com.cascade4arm.host.inference.GenerationResult.FinishReason;
import com.cascade4arm.host.metrics.HostMetrics;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaOutput;

import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One request's generation: started on a prompt thread, then fed token by token by the {@link TokenPump}, which
 * streams each text piece to the listener; it measures llama-server style timings, collects draft statistics and stops
 * early (freeing the slot) when cancelled.
 */
public final class GenerationJob implements TokenPump.Receiver {

    private static final double NANOS_PER_MS = 1_000_000.0;

    private final LoadedModel model;
    private final PreparedPrompt prompt;
    private final GenerationListener listener;
    private final DraftTracker drafts;
    private final HostMetrics metrics;
    private final TokenPump pump;
    private final Executor completions;
    private final Consumer<GenerationJob> onDone;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final StringBuilder text = new StringBuilder();
    private long start;
    private long firstToken;
    private int tokens;
    private boolean lastPieceEmpty;
    private DraftTask draftTask;
    private boolean lengthReached;

    /**
     * @param completions where a drafted generation finishes (it may wait for llama.cpp's last log line; the pump must
     *                    not)
     * @param onDone      told when a started generation is over, completed or not (frees its slot)
     */
    GenerationJob(LoadedModel model, PreparedPrompt prompt, GenerationListener listener, DraftTracker drafts,
                  HostMetrics metrics, TokenPump pump, Executor completions, Consumer<GenerationJob> onDone) {
        this.model = model;
        this.prompt = prompt;
        this.listener = listener;
        this.drafts = drafts;
        this.metrics = metrics;
        this.pump = pump;
        this.completions = completions;
        this.onDone = onDone;
    }

    /** Asks the job to stop; a running generation stops before its next token, a queued one never starts. */
    public void cancel() {
        cancelled.set(true);
    }

    public boolean isCancelled() {
        return cancelled.get();
    }

    /** Fails a job that never started (or is over) without touching its slot. */
    void reject(Throwable reason) {
        if (finished.compareAndSet(false, true)) {
            listener.onFailed(reason);
        }
    }

    /** Hands the prompt to llama.cpp and the outputs to the pump; on the caller's thread (it tokenizes). */
    void start() {
        if (cancelled.get()) {
            reject(new CancellationException("cancelled before start"));
            onDone.accept(this);
            return;
        }
        listener.onStarted();
        start = System.nanoTime();
        try {
            drafts.prepare();
            LlamaIterator iterator = model.start(prompt);
            draftTask = drafts.begin(LlamaTaskIds.of(iterator));
            pump.open(iterator, this);
        } catch (RuntimeException | Error e) {
            fail(e);
        }
    }

    @Override
    public boolean cancelRequested() {
        return cancelled.get() || lengthReached;
    }

    @Override
    public boolean finalOutputDue() {
        return tokens >= prompt.maxTokens();
    }

    @Override
    public void onOutput(LlamaOutput output, boolean last) {
        if (last) {
            // In streaming mode llama.cpp's final result repeats nothing; emit text only if it carries new text.
            if (!output.text.isEmpty() && !output.text.contentEquals(text)) {
                emit(output.text);
            }
            long end = System.nanoTime();
            if (drafts.enabled()) {
                completions.execute(() -> complete(end));
            } else {
                complete(end);
            }
            return;
        }
        tokens++;
        lastPieceEmpty = output.text.isEmpty();
        if (firstToken == 0) {
            firstToken = System.nanoTime();
        }
        if (!output.text.isEmpty()) {
            emit(output.text);
        }
        // A drafted generation was asked for a speculative step more (LoadedModel): stop exactly at max_tokens.
        lengthReached = drafts.enabled() && tokens >= prompt.maxTokens();
    }

    @Override
    public void onFailure(Throwable failure) {
        if (lengthReached && !cancelled.get()) {
            long end = System.nanoTime();
            if (drafts.enabled()) {
                completions.execute(() -> complete(end));
            } else {
                complete(end);
            }
            return;
        }
        fail(failure);
    }

    private void complete(long end) {
        try {
            DraftCounts draftCounts = drafts.finish(draftTask, tokens, prompt.promptTokens());
            Timings timings = timings(end, draftCounts);
            metrics.recordCompletion(timings);
            if (finished.compareAndSet(false, true)) {
                listener.onCompleted(new GenerationResult(text.toString(), finishReason(), timings));
            }
        } finally {
            onDone.accept(this);
        }
    }

    private void fail(Throwable failure) {
        try {
            if (draftTask != null) {
                drafts.abandon(draftTask);
            }
            metrics.recordCompletion(timings(System.nanoTime(), DraftCounts.NONE));
            reject(failure);
        } finally {
            onDone.accept(this);
        }
    }

    /**
     * The JNI output does not say why llama.cpp stopped. An end-of-generation token arrives as a last piece with no
     * text; without stop strings, a last piece with text therefore means the token budget ran out. llama.cpp can also
     * stop a few tokens short of max_tokens: it counts a whole speculative step before emitting its tokens one by one.
     */
    private FinishReason finishReason() {
        boolean budgetUsed = tokens >= prompt.maxTokens();
        boolean endedWithText = tokens > 0 && !lastPieceEmpty && prompt.request().stop().isEmpty();
        return budgetUsed || endedWithText ? FinishReason.LENGTH : FinishReason.STOP;
    }

    private void emit(String piece) {
        text.append(piece);
        listener.onText(piece);
    }

    private Timings timings(long end, DraftCounts draftCounts) {
        long promptDone = firstToken == 0 ? end : firstToken;
        double promptMs = (promptDone - start) / NANOS_PER_MS;
        double predictedMs = (end - promptDone) / NANOS_PER_MS;
        boolean hasDraft = drafts.enabled();
        return new Timings(prompt.promptTokens(), promptMs, tokens, predictedMs,
                hasDraft ? draftCounts.drafted() : -1, hasDraft ? draftCounts.accepted() : -1);
    }
}
