package com.cascade4arm.host.inference;

import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaOutput;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One generation's outputs handed over by the {@link TokenPump}: the pump receives them from llama.cpp, the
 * generation's own thread takes them in order (and may ask the pump to cancel the llama.cpp task).
 */
final class TokenStream {

    /** One llama.cpp output; {@code last} marks the task's final output. */
    record Piece(LlamaOutput output, boolean last) {
    }

    private final LlamaIterator iterator;
    private final BlockingQueue<Object> received = new LinkedBlockingQueue<>();
    private volatile boolean cancelRequested;

    TokenStream(LlamaIterator iterator) {
        this.iterator = iterator;
    }

    int taskId() {
        return LlamaTaskIds.of(iterator);
    }

    /** Waits for the next output; rethrows what receiving it threw (a llama.cpp error). */
    Piece next() {
        Object item;
        try {
            item = received.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            throw new CancellationException("interrupted while waiting for a token");
        }
        if (item instanceof RuntimeException failure) {
            throw failure;
        }
        if (item instanceof Error failure) {
            throw failure;
        }
        return (Piece) item;
    }

    /** Asks the pump to cancel the llama.cpp task at its next turn (frees the slot); no effect once the task ended. */
    void cancel() {
        cancelRequested = true;
    }

    /** Pump side: receives one output, or cancels the task; returns true while more outputs are to come. */
    boolean receiveOne() {
        if (cancelRequested) {
            iterator.cancel();
            return false;
        }
        try {
            LlamaOutput output = iterator.next();
            boolean last = !iterator.hasNext();
            received.add(new Piece(output, last));
            return !last;
        } catch (RuntimeException | Error e) {
            received.add(e);
            return false;
        }
    }
}
