package com.cascade4arm.host.metrics;

import com.cascade4arm.host.inference.Timings;

import java.util.function.IntSupplier;

/** Running totals behind llama-server's {@code /metrics}: tokens and seconds for prompts and generation, drafts. */
public final class HostMetrics {

    private long promptTokens;
    private double promptSeconds;
    private long predictedTokens;
    private double predictedSeconds;
    private long draftTokens;
    private long draftTokensAccepted;
    private long requestsCompleted;
    private final IntSupplier processing;
    private final IntSupplier deferred;

    /** @param processing requests generating right now; @param deferred requests waiting for a slot */
    public HostMetrics(IntSupplier processing, IntSupplier deferred) {
        this.processing = processing;
        this.deferred = deferred;
    }

    public synchronized void recordCompletion(Timings timings) {
        requestsCompleted++;
        promptTokens += timings.promptTokens();
        promptSeconds += timings.promptMs() / 1000.0;
        predictedTokens += timings.predictedTokens();
        predictedSeconds += timings.predictedMs() / 1000.0;
        if (timings.hasDraft()) {
            draftTokens += timings.draftTokens();
            draftTokensAccepted += timings.draftTokensAccepted();
        }
    }

    /** A consistent copy of all values. */
    public synchronized Snapshot snapshot() {
        return new Snapshot(promptTokens, promptSeconds, predictedTokens, predictedSeconds, draftTokens,
                draftTokensAccepted, requestsCompleted, processing.getAsInt(), deferred.getAsInt());
    }

    /** Values at one instant; throughput gauges are lifetime averages. */
    public record Snapshot(long promptTokens, double promptSeconds, long predictedTokens, double predictedSeconds,
                           long draftTokens, long draftTokensAccepted, long requestsCompleted, int requestsProcessing,
                           int requestsDeferred) {

        public double promptTokensPerSecond() {
            return promptSeconds <= 0 ? 0 : promptTokens / promptSeconds;
        }

        public double predictedTokensPerSecond() {
            return predictedSeconds <= 0 ? 0 : predictedTokens / predictedSeconds;
        }
    }
}
