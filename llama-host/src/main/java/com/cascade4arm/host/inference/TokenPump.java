package com.cascade4arm.host.inference;

import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.cpu.ThreadAffinity;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaOutput;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CancellationException;

/**
 * The one thread that receives tokens from llama.cpp for a model, asking each running generation in turn and handing
 * each output straight to its receiver (no further thread hop per token). de.kherud:llama waits for a token in
 * llama.cpp's {@code server_response::recv}, which busy-loops (lock, scan, unlock) whenever the result queue holds
 * results of other tasks. With one receiving thread per generation, every waiter spun on the result mutex and took the
 * CPU from llama.cpp's compute threads (on 2 cores, 4 concurrent generations made fewer tokens/s in total than one).
 * A single receiver finds a decoding step's results already queued and otherwise sleeps on llama.cpp's condition
 * variable — except when generations are out of step (one was started later, or has a finished result waiting): then
 * it still spins for up to a decoding step (README, "Why the in-process engine is slower").
 */
final class TokenPump {

    /** Gets one generation's outputs, on the pump thread. */
    interface Receiver {

        /** One output of llama.cpp; {@code last} marks the task's final output. */
        void onOutput(LlamaOutput output, boolean last);

        /** Receiving failed (a llama.cpp error), or the task was cancelled ({@link CancellationException}). */
        void onFailure(Throwable failure);

        /** Asked before each receive: true cancels the llama.cpp task (frees its slot). */
        boolean cancelRequested();

        /**
         * True when the task's final output is due next (its token budget is spent): llama.cpp queues it in the same
         * step as the last token, so the pump takes it at once rather than leaving it queued, which would make the
         * next receive for another generation spin until the following step.
         */
        boolean finalOutputDue();
    }

    private record Stream(LlamaIterator iterator, Receiver receiver) {
    }

    private final Deque<Stream> turns = new ArrayDeque<>();
    private final Thread thread;
    private boolean closed;

    /** {@code cpus}: where the model's threads run (null: anywhere); the pump stays on them too. */
    TokenPump(String threadName, CpuSet cpus) {
        thread = new Thread(() -> {
            if (cpus != null) {
                ThreadAffinity.pinCurrentThread(cpus);
            }
            run();
        }, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts receiving the outputs of a task llama.cpp has accepted; throws (and cancels it) once the pump closed. */
    void open(LlamaIterator iterator, Receiver receiver) {
        synchronized (this) {
            if (!closed) {
                turns.addLast(new Stream(iterator, receiver));
                notifyAll();
                return;
            }
        }
        iterator.cancel();
        throw new ModelNotReadyException("host is shutting down");
    }

    /**
     * Lets the thread end once the open streams are over (their generations are cancelled when the host closes) and
     * waits up to {@code timeoutMs} for that; returns false if it still receives, i.e. the model must not be freed.
     */
    boolean close(long timeoutMs) {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            thread.join(timeoutMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }

    private void run() {
        Stream stream;
        while ((stream = nextTurn()) != null) {
            if (receiveOne(stream)) {
                synchronized (this) {
                    turns.addLast(stream);
                }
            }
        }
    }

    /** Receives one output of {@code stream} (two when its final one is due), or cancels it; true while more come. */
    private static boolean receiveOne(Stream stream) {
        boolean more = receiveNext(stream);
        return more && stream.receiver().finalOutputDue() ? receiveNext(stream) : more;
    }

    private static boolean receiveNext(Stream stream) {
        if (stream.receiver().cancelRequested()) {
            stream.iterator().cancel();
            stream.receiver().onFailure(new CancellationException("generation cancelled"));
            return false;
        }
        LlamaOutput output;
        boolean last;
        try {
            output = stream.iterator().next();
            last = !stream.iterator().hasNext();
        } catch (RuntimeException | Error e) {
            stream.receiver().onFailure(e);
            return false;
        }
        try {
            stream.receiver().onOutput(output, last);
            return !last;
        } catch (RuntimeException e) {
            if (!last) {
                stream.iterator().cancel();
            }
            stream.receiver().onFailure(e);
            return false;
        }
    }

    private synchronized Stream nextTurn() {
        while (turns.isEmpty() && !closed) {
            try {
                wait();
            } catch (InterruptedException e) {
                return null;
            }
        }
        return turns.pollFirst();
    }
}
