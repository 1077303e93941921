package com.cascade4arm.routes.serving.requestlog;

import java.util.List;
import java.util.function.Supplier;

/**
 * The request log every replica writes to and reads from (cascade.store=postgres). Writes never block a request:
 * {@link #offer} queues, or drops and counts when the store falls behind.
 */
public interface SharedRequestLog extends AutoCloseable {
    /** Queues a finished request for writing; never blocks (a full queue drops it and counts it). */
    void offer(RequestRecord record);

    /**
     * Queues a finished request whose row is built later, where it is written (its facts rendered off the event loop);
     * never blocks. By default the row is built here.
     */
    default void offerLater(Supplier<RequestRecord> record) {
        offer(record.get());
    }

    /** Every replica's requests matching {@code query}, newest first. @throws RuntimeException when unreachable */
    List<RequestRecord> recent(RequestQuery query);

    /** Requests dropped so far because the queue was full (the store slow or down). */
    long dropped();

    @Override
    void close();
}
