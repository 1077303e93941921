package com.cascade4arm.host;

import com.cascade4arm.host.cpu.CpuSet;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Everything a {@link LlamaHost} needs to serve one GGUF model (optionally with a draft model) over the llama-server
 * HTTP API. Immutable; the {@code with...} methods return adjusted copies.
 *
 * @param alias             model id reported by {@code /v1/models} and echoed in responses
 * @param model             GGUF file of the served model
 * @param draftModel        GGUF file of the speculative-decoding draft model, or {@code null} for none
 * @param draftMax          most tokens the draft model proposes per step
 * @param draftMin          fewest draft tokens worth verifying (smaller drafts are skipped)
 * @param draftPMin         minimum draft-token probability to keep drafting (0 collapses acceptance)
 * @param ctxSize           total context in tokens, shared by the slots ({@code ctxSize / parallel} each)
 * @param threads           CPU threads llama.cpp uses for generation
 * @param parallel          number of slots generating at the same time
 * @param serializeRequests when true exactly one request generates at a time; the others wait in FIFO order
 * @param host              interface to bind
 * @param port              TCP port, 0 for an ephemeral one
 * @param apiKey            bearer token required on {@code /v1/*}, or {@code null} for none
 * @param maxBodyBytes      largest accepted request body
 * @param engine            what runs the model: in-process llama.cpp, a supervised llama-server, or auto
 * @param llamaServer       the llama-server binary for that engine, or {@code null} to look for one on the PATH
 * @param cpus              CPUs the model's threads are pinned to, or {@code null} for any CPU
 * @param warmupRequests    short answers the host generates through its own HTTP API after loading and before it
 *                          says ready, so that the first client is served as fast as later ones (0: none)
 */
public record HostConfig(String alias, Path model, Path draftModel, int draftMax, int draftMin, float draftPMin,
                         int ctxSize, int threads, int parallel, boolean serializeRequests, String host, int port,
                         String apiKey, long maxBodyBytes, Engine engine, Path llamaServer, CpuSet cpus,
                         int warmupRequests) {

    public static final int DEFAULT_DRAFT_MAX_TOKENS = 8;
    public static final int DEFAULT_DRAFT_MIN_TOKENS = 0;
    public static final float DEFAULT_DRAFT_P_MIN = 0.5f;
    public static final int DEFAULT_CTX_SIZE_TOKENS = 4096;
    public static final int DEFAULT_PARALLEL_SLOTS = 4;
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int EPHEMERAL_PORT = 0;
    public static final long DEFAULT_MAX_BODY_BYTES = 1_048_576;
    /**
     * Warm-up answers before ready: enough for the per-token Java path to be compiled and llama.cpp's first-use costs
     * paid (llama-host/README.md, "Warm-up"), few enough to cost well under a second on the demo-0.5b model.
     */
    public static final int DEFAULT_WARMUP_REQUESTS = 4;
    static final int MAX_WARMUP_REQUESTS = 100;
    static final int MIN_CTX_SIZE_TOKENS = 64;

    public HostConfig {
        Objects.requireNonNull(model, "model must not be null");
        if (alias == null || alias.isBlank()) {
            throw new IllegalArgumentException("alias must not be blank, but was '" + alias + "'");
        }
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank, but was '" + host + "'");
        }
        requireRange("ctxSize", ctxSize, MIN_CTX_SIZE_TOKENS, Integer.MAX_VALUE);
        requireRange("threads", threads, 1, 1024);
        requireRange("parallel", parallel, 1, 256);
        requireRange("port", port, 0, 65_535);
        requireRange("draftMax", draftMax, 0, 1024);
        requireRange("draftMin", draftMin, 0, draftMax);
        requireRange("warmupRequests", warmupRequests, 0, MAX_WARMUP_REQUESTS);
        if (!(draftPMin >= 0f && draftPMin <= 1f)) {
            throw new IllegalArgumentException("draftPMin must be between 0 and 1, but was " + draftPMin);
        }
        if (ctxSize / parallel < MIN_CTX_SIZE_TOKENS) {
            throw new IllegalArgumentException("ctxSize / parallel must be at least " + MIN_CTX_SIZE_TOKENS
                    + " tokens per slot, but was " + ctxSize + " / " + parallel);
        }
        if (maxBodyBytes <= 0) {
            throw new IllegalArgumentException("maxBodyBytes must be positive, but was " + maxBodyBytes);
        }
        if (apiKey != null && apiKey.isBlank()) {
            apiKey = null;
        }
        Objects.requireNonNull(engine, "engine must not be null");
    }

    /**
     * Sensible defaults: no draft, 4096 tokens of context over 4 slots, all cores, 127.0.0.1 on an ephemeral port,
     * engine {@link Engine#AUTO} (a llama-server on the PATH if there is one, else in-process llama.cpp), a warm-up of
     * {@value #DEFAULT_WARMUP_REQUESTS} requests.
     */
    public static HostConfig defaults(String alias, Path model) {
        return new HostConfig(alias, model, null, DEFAULT_DRAFT_MAX_TOKENS, DEFAULT_DRAFT_MIN_TOKENS,
                DEFAULT_DRAFT_P_MIN, DEFAULT_CTX_SIZE_TOKENS, Runtime.getRuntime().availableProcessors(),
                DEFAULT_PARALLEL_SLOTS, false, DEFAULT_HOST, EPHEMERAL_PORT, null, DEFAULT_MAX_BODY_BYTES,
                Engine.AUTO, null, null, DEFAULT_WARMUP_REQUESTS);
    }

    /** Tokens of context each slot gets (llama.cpp splits the context evenly between slots). */
    public int slotContextTokens() {
        return ctxSize / parallel;
    }

    /** Requests allowed to generate at the same time. */
    public int concurrentGenerations() {
        return serializeRequests ? 1 : parallel;
    }

    public HostConfig withDraft(Path draft) {
        return new HostConfig(alias, model, draft, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withDraftTuning(int max, int min, float pMin) {
        return new HostConfig(alias, model, draftModel, max, min, pMin, ctxSize, threads, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withParallel(int slots) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, slots,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withPort(int newPort) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, newPort, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withHost(String newHost) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, newHost, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withSerializeRequests(boolean serialize) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serialize, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withApiKey(String key) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, port, key, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withCtxSize(int tokens) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, tokens, threads, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withThreads(int count) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, count, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withAlias(String name) {
        return new HostConfig(name, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, warmupRequests);
    }

    public HostConfig withMaxBodyBytes(long bytes) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, port, apiKey, bytes, engine, llamaServer, cpus, warmupRequests);
    }

    /** Which engine runs the model, and the llama-server binary to use (null: look on the PATH). */
    public HostConfig withEngine(Engine kind, Path binary) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, kind, binary, cpus, warmupRequests);
    }

    /** Pins the model's threads to {@code set} (null: any CPU); does not change the thread count. */
    public HostConfig withCpus(CpuSet set) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, set, warmupRequests);
    }

    /** How many warm-up answers the host generates before it says ready (0: none). */
    public HostConfig withWarmupRequests(int requests) {
        return new HostConfig(alias, model, draftModel, draftMax, draftMin, draftPMin, ctxSize, threads, parallel,
                serializeRequests, host, port, apiKey, maxBodyBytes, engine, llamaServer, cpus, requests);
    }

    /** Never prints the API key. */
    @Override
    public String toString() {
        return "HostConfig[alias=" + alias + ", model=" + model + ", draftModel=" + draftModel + ", draftMax=" + draftMax
                + ", draftMin=" + draftMin + ", draftPMin=" + draftPMin + ", ctxSize=" + ctxSize + ", threads=" + threads
                + ", parallel=" + parallel + ", serializeRequests=" + serializeRequests + ", host=" + host
                + ", port=" + port + ", apiKey=" + (apiKey == null ? "none" : "***") + ", maxBodyBytes=" + maxBodyBytes
                + ", engine=" + engine + ", llamaServer=" + llamaServer + ", cpus=" + cpus
                + ", warmupRequests=" + warmupRequests + "]";
    }

    private static void requireRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", but was " + value);
        }
    }
}
