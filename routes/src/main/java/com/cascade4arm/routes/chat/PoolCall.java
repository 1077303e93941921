package com.cascade4arm.routes.chat;

import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.HttpContext;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.support.AsyncProcessorSupport;

import java.util.concurrent.CompletableFuture;

/**
 * The call-small / call-large step: serves from the chosen pool and, while nothing reached the client, falls back to
 * the other pool when the chosen one cannot serve (every endpoint unhealthy, circuit open, or failing before its
 * first byte). Asynchronous: the route continues when the answer is done, and no thread waits for tokens meanwhile.
 */
final class PoolCall extends AsyncProcessorSupport {
    private static final int RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

    private final ChatDispatcher dispatcher;
    private final String pool;
    private final String fallbackPool;

    PoolCall(ChatDispatcher dispatcher, String pool, String fallbackPool) {
        this.dispatcher = dispatcher;
        this.pool = pool;
        this.fallbackPool = fallbackPool;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        CompletableFuture<Void> answered;
        try {
            answered = dispatcher.serve(exchange, pool, null)
                    .exceptionallyCompose(error -> fallback(exchange, ChatDispatcher.unwrap(error)));
        } catch (RuntimeException bug) { // thrown before anything async began: the route's error handling answers
            exchange.setException(bug);
            callback.done(true);
            return true;
        }
        if (answered.isDone()) { // e.g. no endpoint available at all: finish in this call, as Camel prefers
            record(exchange, answered);
            callback.done(true);
            return true;
        }
        answered.whenComplete((ok, error) -> {
            record(exchange, answered);
            callback.done(false);
        });
        return false;
    }

    private CompletableFuture<Void> fallback(Exchange exchange, Throwable cause) {
        HttpContext http = exchange.getProperty(HttpContext.PROPERTY, HttpContext.class);
        if (!(cause instanceof ChatDispatcher.PoolUnavailableException) || http.committed() || http.clientGone()) {
            return CompletableFuture.failedFuture(cause); // the answer already started, nobody listens, or a bug
        }
        String reason = pool + " pool unavailable: " + cause.getMessage();
        return dispatcher.serve(exchange, fallbackPool, reason).exceptionallyCompose(error -> {
            Throwable second = ChatDispatcher.unwrap(error);
            return CompletableFuture.failedFuture(second instanceof ChatDispatcher.PoolUnavailableException
                    ? new ApiException(503, "unavailable_error", "no_upstream_available",
                    "no model endpoint can serve this request: " + reason + "; " + second.getMessage(),
                    RETRY_AFTER_UNAVAILABLE_SECONDS)
                    : second);
        });
    }

    private static void record(Exchange exchange, CompletableFuture<Void> answered) {
        try {
            answered.join();
        } catch (RuntimeException e) {
            exchange.setException(ChatDispatcher.unwrap(e));
        }
    }
}
