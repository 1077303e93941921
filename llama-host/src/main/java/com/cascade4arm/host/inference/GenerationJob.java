package com.cascade4arm.host.inference;

import com.cascade4arm.host.inference.GenerationResult.FinishReason;
import com.cascade4arm.host.metrics.HostMetrics;
import de.kherud.llama.LlamaOutput;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One request's generation on a slot thread: streams token texts to its listener, measures llama-server style
 * timings, collects draft statistics and stops early (freeing the slot) when cancelled.
 */
public final class GenerationJob {

    private static final double NANOS_PER_MS = 1_000_000.0;

    private final LoadedModel model;
    private final PreparedPrompt prompt;
    private final GenerationListener listener;
    private final DraftTracker drafts;
    private final HostMetrics metrics;
    private final TokenPump pump;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicBoolean finished = new AtomicBoolean();

    GenerationJob(LoadedModel model, PreparedPrompt prompt, GenerationListener listener, DraftTracker drafts,
                  HostMetrics metrics, TokenPump pump) {
        this.model = model;
        this.prompt = prompt;
        this.listener = listener;
        this.drafts = drafts;
        this.metrics = metrics;
        this.pump = pump;
    }

    /** Asks the job to stop; a running generation stops after its next token, a queued one never starts. */
    public void cancel() {
        cancelled.set(true);
    }

    public boolean isCancelled() {
        return cancelled.get();
    }

    void reject(Throwable reason) {
        if (finished.compareAndSet(false, true)) {
            listener.onFailed(reason);
        }
    }

    void run() {
        if (cancelled.get()) {
            reject(new CancellationException("cancelled before start"));
            return;
        }
        listener.onStarted();
        long start = System.nanoTime();
        long firstToken = 0;
        int tokens = 0;
        boolean lastPieceEmpty = false;
        StringBuilder text = new StringBuilder();
        TokenStream stream = null;
        DraftTask draftTask = null;
        try {
            drafts.prepare();
            stream = pump.open(model.start(prompt));
            draftTask = drafts.begin(stream.taskId());
            while (true) {
                if (cancelled.get()) {
                    throw new CancellationException("cancelled after " + tokens + " tokens");
                }
                TokenStream.Piece piece = stream.next();
                LlamaOutput output = piece.output();
                if (piece.last()) {
                    // In streaming mode llama.cpp's final result repeats nothing; emit text only if it carries new text.
                    if (!output.text.isEmpty() && !output.text.contentEquals(text)) {
                        emit(text, output.text);
                    }
                    break;
                }
                tokens++;
                lastPieceEmpty = output.text.isEmpty();
                if (firstToken == 0) {
                    firstToken = System.nanoTime();
                }
                if (!output.text.isEmpty()) {
                    emit(text, output.text);
                }
                if (prompt.request().ignoreEos() && tokens >= prompt.maxTokens()) {
                    stream.cancel(); // fixed length: llama.cpp may have been asked for a speculative step more
                    break;
                }
            }
            long end = System.nanoTime();
            DraftCounts draftCounts = drafts.finish(draftTask, tokens);
            Timings timings = timings(start, firstToken, end, tokens, draftCounts);
            metrics.recordCompletion(timings);
            FinishReason reason = finishReason(tokens, lastPieceEmpty);
            if (finished.compareAndSet(false, true)) {
                listener.onCompleted(new GenerationResult(text.toString(), reason, timings));
            }
        } catch (RuntimeException | Error e) {
            if (stream != null) {
                stream.cancel();
            }
            if (draftTask != null) {
                drafts.abandon(draftTask);
            }
            long end = System.nanoTime();
            metrics.recordCompletion(timings(start, firstToken, end, tokens, DraftCounts.NONE));
            reject(e);
        }
    }

    /**
     * The JNI output does not say why llama.cpp stopped. An end-of-generation token arrives as a last piece with no
     * text; without stop strings, a last piece with text therefore means the token budget ran out. llama.cpp can also
     * stop a few tokens short of max_tokens: it counts a whole speculative step before emitting its tokens one by one.
     */
    private FinishReason finishReason(int tokens, boolean lastPieceEmpty) {
        boolean budgetUsed = tokens >= prompt.maxTokens();
        boolean endedWithText = tokens > 0 && !lastPieceEmpty && prompt.request().stop().isEmpty();
        return budgetUsed || endedWithText ? FinishReason.LENGTH : FinishReason.STOP;
    }

    private void emit(StringBuilder text, String piece) {
        text.append(piece);
        listener.onText(piece);
    }

    private Timings timings(long start, long firstToken, long end, int tokens, DraftCounts draftCounts) {
        long promptDone = firstToken == 0 ? end : firstToken;
        double promptMs = (promptDone - start) / NANOS_PER_MS;
        double predictedMs = (end - promptDone) / NANOS_PER_MS;
        boolean hasDraft = drafts.enabled();
        return new Timings(prompt.promptTokens(), promptMs, tokens, predictedMs,
                hasDraft ? draftCounts.drafted() : -1, hasDraft ? draftCounts.accepted() : -1);
    }
}
