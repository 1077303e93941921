package com.cascade4arm.bench.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** One request in progress, so a timeout or a cancel from another thread can abort it whichever phase it is in. */
final class InFlightCall {

    private String reason;
    private CompletableFuture<?> pending;
    private InputStream body;

    /** Waits for the response headers; an abort cancels the wait with a CancellationException. */
    <T> HttpResponse<T> await(CompletableFuture<HttpResponse<T>> future) throws ExecutionException, InterruptedException {
        synchronized (this) {
            if (reason != null) {
                future.cancel(true);
            }
            pending = future;
        }
        return future.get();
    }

    /** Registers the body so an abort closes it (which unblocks a reader); closes it at once if already aborted. */
    void attach(InputStream stream) {
        boolean closeNow;
        synchronized (this) {
            body = stream;
            closeNow = reason != null;
        }
        if (closeNow) {
            closeBody();
        }
    }

    /** Aborts with the given reason; the first reason wins. */
    void abort(String why) {
        CompletableFuture<?> future;
        synchronized (this) {
            if (reason != null) {
                return;
            }
            reason = why;
            future = pending;
        }
        if (future != null) {
            future.cancel(true);
        }
        closeBody();
    }

    synchronized String reason() {
        return reason;
    }

    void closeBody() {
        InputStream stream;
        synchronized (this) {
            stream = body;
        }
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException ignored) {
                // closing only to abort; nothing to recover
            }
        }
    }
}
