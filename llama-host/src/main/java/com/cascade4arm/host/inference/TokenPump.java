package com.cascade4arm.host.inference;

import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.cpu.ThreadAffinity;
import de.kherud.llama.LlamaIterator;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The one thread that receives tokens from llama.cpp for a model, asking each running generation in turn.
 * de.kherud:llama waits for a token in llama.cpp's {@code server_response::recv}, which busy-loops (lock, scan,
 * unlock) whenever the result queue holds results of other tasks. With one receiving thread per generation, every
 * waiter spun on the result mutex and took the CPU from llama.cpp's compute threads (on 2 cores, 4 concurrent
 * generations made fewer tokens/s in total than one). A single receiver finds a decoding step's results already queued
 * and otherwise sleeps on llama.cpp's condition variable.
 */
final class TokenPump {

    private final Deque<TokenStream> turns = new ArrayDeque<>();
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

    /** Starts receiving the tokens of a generation that llama.cpp has accepted; the caller reads them from the stream. */
    TokenStream open(LlamaIterator iterator) {
        TokenStream stream = new TokenStream(iterator);
        synchronized (this) {
            if (closed) {
                iterator.cancel();
                throw new ModelNotReadyException("host is shutting down");
            }
            turns.addLast(stream);
            notifyAll();
        }
        return stream;
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
        TokenStream stream;
        while ((stream = nextTurn()) != null) {
            if (stream.receiveOne()) {
                synchronized (this) {
                    turns.addLast(stream);
                }
            }
        }
    }

    private synchronized TokenStream nextTurn() {
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
