package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.RunSummary;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Benchmark runs as the API shows them: this gateway's own ({@link LocalRunHistory}) or every replica's, from the
 * shared database — so a run started on one replica can be followed and cancelled from another.
 */
public interface RunHistory extends AutoCloseable {

    /** All runs, newest first, active ones with their live state. */
    List<RunSummary> list();

    Optional<RunSummary> status(String id);

    /** The rows.csv text (complete rows so far for an active run). */
    Optional<String> rowsCsv(String id);

    /** The turns.csv text of a multi-turn run (turns so far for an active run); empty for other runs. */
    Optional<String> turnsCsv(String id);

    /** Cancels an active run, wherever it runs; false when it is not active. */
    boolean cancel(String id);

    /** Waits until the run has ended or the timeout passed, then returns its state. */
    Optional<RunSummary> await(String id, Duration timeout) throws InterruptedException;

    /** This gateway started run {@code id} (a shared history publishes it even if it ends at once). */
    default void started(String id) {
    }

    @Override
    default void close() {
    }
}
