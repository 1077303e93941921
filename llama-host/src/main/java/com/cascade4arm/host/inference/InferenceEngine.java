package com.cascade4arm.host.inference;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.metrics.HostMetrics;
import com.cascade4arm.openai.ChatRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

/**
 * The model side of a host: loads the GGUF in the background, answers "ready?", prepares prompts and schedules
 * generations onto the configured number of slots. Independent of HTTP.
 */
public final class InferenceEngine implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(InferenceEngine.class);
    /** How long close() waits for running generations to notice their cancellation. */
    static final long CLOSE_DRAIN_TIMEOUT_MS = 10_000;
    public static final String LOADING_MESSAGE = "Loading model";

    private final HostConfig config;
    private final GenerationScheduler scheduler;
    private final HostMetrics metrics;
    private final DraftTracker drafts;
    private final TokenPump pump;
    private final CompletableFuture<LoadedModel> loaded = new CompletableFuture<>();
    private volatile boolean closed;

    public InferenceEngine(HostConfig config) {
        this.config = config;
        this.scheduler = new GenerationScheduler(config.concurrentGenerations(), "llama-gen-" + config.alias());
        this.metrics = new HostMetrics(scheduler::processing, scheduler::deferred);
        this.drafts = DraftTracker.forHost(config.draftModel() != null);
        this.pump = new TokenPump("llama-tokens-" + config.alias());
    }

    /**
     * Loads the model on a background thread once {@code gate} opens (tests hold it to observe the loading state);
     * the returned future completes when the model is ready or fails with the load error.
     */
    public CompletableFuture<Void> startLoading(CountDownLatch gate) {
        Thread loader = new Thread(() -> load(gate), "llama-load-" + config.alias());
        loader.setDaemon(true);
        loader.start();
        return loaded.thenApply(model -> null);
    }

    private void load(CountDownLatch gate) {
        try {
            gate.await();
            long start = System.nanoTime();
            LoadedModel model = LoadedModel.load(config);
            synchronized (this) {
                if (closed) {
                    model.close();
                    loaded.completeExceptionally(new IllegalStateException("host closed while loading"));
                    return;
                }
                loaded.complete(model);
            }
            LOG.info("model '{}' loaded from {} in {} ms{}", config.alias(), config.model(),
                    (System.nanoTime() - start) / 1_000_000,
                    config.draftModel() == null ? "" : " with draft " + config.draftModel());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            loaded.completeExceptionally(e);
        } catch (RuntimeException | Error e) {
            LOG.error("model '{}' failed to load from {}: {}", config.alias(), config.model(), e.toString());
            loaded.completeExceptionally(e);
        }
    }

    public boolean isReady() {
        return !closed && loaded.isDone() && !loaded.isCompletedExceptionally();
    }

    /** Why the model cannot serve right now, as a client-facing message. */
    public String notReadyMessage() {
        if (closed) {
            return "host is shutting down";
        }
        if (!loaded.isDone()) {
            return LOADING_MESSAGE;
        }
        return "model failed to load: " + loadFailure();
    }

    private String loadFailure() {
        try {
            loaded.join();
            return "unknown";
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return String.valueOf(cause.getMessage());
        }
    }

    /** Renders and measures the prompt; throws {@link ModelNotReadyException} or {@link PromptTooLongException}. */
    public PreparedPrompt prepare(ChatRequest request) {
        return model().prepare(request);
    }

    /** Queues the generation; the listener hears about it on a slot thread. */
    public GenerationJob submit(PreparedPrompt prompt, GenerationListener listener) {
        GenerationJob job = new GenerationJob(model(), prompt, listener, drafts, metrics, pump);
        scheduler.submit(job);
        return job;
    }

    /** Cancels a job: a queued one is dropped at once, a running one stops after its next token. */
    public void cancel(GenerationJob job) {
        job.cancel();
        if (scheduler.withdraw(job)) {
            job.reject(new java.util.concurrent.CancellationException("client went away while waiting"));
        }
    }

    public HostMetrics metrics() {
        return metrics;
    }

    public boolean hasDraft() {
        return config.draftModel() != null;
    }

    private LoadedModel model() {
        if (!isReady()) {
            throw new ModelNotReadyException(notReadyMessage());
        }
        return loaded.join();
    }

    /** Stops generations, then frees the model unless a generation is stuck in native code (then it leaks it). */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        drafts.unregister();
        boolean drained = scheduler.shutdown(CLOSE_DRAIN_TIMEOUT_MS) && pump.close(CLOSE_DRAIN_TIMEOUT_MS);
        if (!loaded.isDone()) {
            return; // still loading: the loader thread sees 'closed' and frees the model itself
        }
        if (loaded.isCompletedExceptionally()) {
            return;
        }
        if (drained) {
            loaded.join().close();
        } else {
            LOG.warn("generations of '{}' did not stop within {} ms; not freeing the native model",
                    config.alias(), CLOSE_DRAIN_TIMEOUT_MS);
        }
    }
}
