package com.cascade4arm.host.inference;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.host.metrics.HostMetrics;
import com.cascade4arm.openai.ChatRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * The model side of a host: loads the GGUF in the background, answers "ready?", prepares prompts and schedules
 * generations onto the configured number of slots. Independent of HTTP. A request is rendered, counted and — when a
 * slot is free — handed to llama.cpp on one prompt thread; its tokens then come through the {@link TokenPump}.
 */
public final class InferenceEngine implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(InferenceEngine.class);
    /** How long close() waits for running generations to notice their cancellation. */
    static final long CLOSE_DRAIN_TIMEOUT_MS = 10_000;
    public static final String LOADING_MESSAGE = "Loading model";
    /** The message roles this host serves ({@code tool} is not among them: no tool support). */
    public static final java.util.Set<String> ROLES = LoadedModel.ROLES;
    /** Threads that render, count and start prompts (short native calls, on large stacks: {@link NativeThreads}). */
    static final int PROMPT_THREADS = 2;

    private final HostConfig config;
    private final GenerationScheduler scheduler;
    private final HostMetrics metrics;
    /** Where the warm-up's answers are counted instead, so that the host's metrics start with its first client. */
    private final HostMetrics warmupMetrics;
    private final DraftTracker drafts;
    private final TokenPump pump;
    private final ExecutorService promptWorkers;
    /** Where drafted generations finish: they may wait up to a second for llama.cpp's last log line. */
    private final ExecutorService completionWorkers;
    private final CompletableFuture<LoadedModel> loaded = new CompletableFuture<>();
    /** Completes after the load and the warm-up: only then does the host serve clients. */
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private volatile boolean warming;
    private volatile boolean closed;
    /** {@code /v1/embeddings}: a second load of the model with embeddings on, made on the first request. */
    private final Embedder embedder;

    public InferenceEngine(HostConfig config) {
        this.embedder = new Embedder(config);
        this.config = config;
        this.promptWorkers = Executors.newFixedThreadPool(PROMPT_THREADS, NativeThreads.named("llama-prompt-"
                + config.alias(), config.cpus()));
        this.completionWorkers = Executors.newCachedThreadPool(NativeThreads.named("llama-finish-" + config.alias(),
                config.cpus()));
        this.scheduler = new GenerationScheduler(config.concurrentGenerations(), promptWorkers);
        this.metrics = new HostMetrics(scheduler::processing, scheduler::deferred);
        this.warmupMetrics = new HostMetrics(() -> 0, () -> 0);
        this.drafts = DraftTracker.forHost(config.draftModel() != null);
        this.pump = new TokenPump("llama-tokens-" + config.alias(), config.cpus());
    }

    /**
     * Loads the model on a background thread once {@code gate} opens (tests hold it to observe the loading state), then
     * runs {@code warmup} on it (requests submitted as warm-up are served meanwhile, clients' are not); the returned
     * future completes when the host is ready or fails with the load error.
     */
    public CompletableFuture<Void> startLoading(CountDownLatch gate, Runnable warmup) {
        Thread loader = new Thread(() -> {
            if (load(gate)) {
                warmUp(warmup);
            }
        }, "llama-load-" + config.alias());
        loader.setDaemon(true);
        loader.start();
        return ready;
    }

    private void warmUp(Runnable warmup) {
        warming = true;
        try {
            warmup.run();
        } finally {
            warming = false;
            ready.complete(null);
        }
    }

    /** True when the model loaded (false: {@link #ready} failed with the reason). */
    private boolean load(CountDownLatch gate) {
        try {
            gate.await();
            long start = System.nanoTime();
            // llama.cpp's server loop and OpenMP workers are created by this thread and inherit its CPUs
            if (config.cpus() != null) {
                ThreadAffinity.pinCurrentThread(config.cpus());
            }
            LoadedModel model = LoadedModel.load(config);
            synchronized (this) {
                if (closed) {
                    model.close();
                    return failLoad(new IllegalStateException("host closed while loading"));
                }
                loaded.complete(model);
            }
            LOG.info("model '{}' loaded from {} in {} ms{}", config.alias(), config.model(),
                    (System.nanoTime() - start) / 1_000_000,
                    config.draftModel() == null ? "" : " with draft " + config.draftModel());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failLoad(e);
        } catch (RuntimeException | Error e) {
            LOG.error("model '{}' failed to load from {}: {}", config.alias(), config.model(), e.toString());
            return failLoad(e);
        }
    }

    private boolean failLoad(Throwable failure) {
        loaded.completeExceptionally(failure);
        ready.completeExceptionally(failure);
        return false;
    }

    /** Serves clients: loaded and warmed up. */
    public boolean isReady() {
        return !closed && ready.isDone() && !ready.isCompletedExceptionally();
    }

    /** Serves the host's own warm-up requests: loaded, warming up. */
    public boolean isWarmingUp() {
        return !closed && warming;
    }

    /** Why the model cannot serve right now, as a client-facing message. */
    public String notReadyMessage() {
        if (closed) {
            return "host is shutting down";
        }
        if (!ready.isDone()) {
            return LOADING_MESSAGE; // llama-server says so during its warm-up too
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

    /**
     * Renders and measures the prompt on a prompt thread, then starts the generation there if a slot is free (else it
     * waits its turn); the listener hears about it on llama.cpp's side. Fails with {@link ModelNotReadyException} or
     * {@link PromptTooLongException}; the job is returned so that it can be cancelled.
     */
    public CompletableFuture<GenerationJob> submit(ChatRequest request, GenerationListener listener) {
        return submit(request, listener, false);
    }

    /** As {@link #submit(ChatRequest, GenerationListener)}; a {@code warmup} request is served while warming up. */
    public CompletableFuture<GenerationJob> submit(ChatRequest request, GenerationListener listener, boolean warmup) {
        return submit(request, null, listener, warmup);
    }

    /** As above for a legacy text completion: {@code rawPrompt} is generated from as it is (no chat template). */
    public CompletableFuture<GenerationJob> submitRaw(ChatRequest request, String rawPrompt, GenerationListener listener) {
        return submit(request, rawPrompt, listener, false);
    }

    private CompletableFuture<GenerationJob> submit(ChatRequest request, String rawPrompt, GenerationListener listener,
                                                    boolean warmup) {
        try {
            return CompletableFuture.supplyAsync(() -> {
                LoadedModel model = model(warmup);
                PreparedPrompt prepared = rawPrompt == null ? model.prepare(request) : model.prepareRaw(request, rawPrompt);
                GenerationJob job = new GenerationJob(model, prepared, listener, drafts,
                        warmup ? warmupMetrics : metrics, pump, completionWorkers, scheduler::finished);
                scheduler.submit(job);
                return job;
            }, promptWorkers);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new ModelNotReadyException(notReadyMessage()));
        }
    }

    /** Cancels a job: a queued one is dropped at once, a running one stops after its next token. */
    public void cancel(GenerationJob job) {
        job.cancel();
        if (scheduler.withdraw(job)) {
            job.reject(new java.util.concurrent.CancellationException("client went away while waiting"));
        }
    }

    /** The embeddings of this host's model (blocking calls: load on first use, then native decoding). */
    public Embedder embedder() {
        return embedder;
    }

    public HostMetrics metrics() {
        return metrics;
    }

    public boolean hasDraft() {
        return config.draftModel() != null;
    }

    private LoadedModel model(boolean warmup) {
        if (!(warmup ? isWarmingUp() : isReady())) {
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
        embedder.close();
        boolean drained = scheduler.shutdown(CLOSE_DRAIN_TIMEOUT_MS) && pump.close(CLOSE_DRAIN_TIMEOUT_MS);
        promptWorkers.shutdown();
        completionWorkers.shutdown();
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
