package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.tracing.ChatTraceSteps;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.support.DefaultAsyncProducer;

import java.util.concurrent.CompletableFuture;

/**
 * Sends the exchange's {@link RoutedChat} to the tier's pool and returns at once; the route resumes when the answer is
 * done. A stream is written to the client as it arrives; a non-streamed answer becomes the message body (the ingress
 * answers it) with its X-Cascade-* headers. Failures are the exchange's exception: {@link PoolUnavailableException}
 * while nothing reached the client (the route may fall back), or the upstream's client error.
 */
final class LlamaProducer extends DefaultAsyncProducer {
    /** Prefix the ingress strips to send a message header to the client. */
    private static final String RESPONSE_HEADER = "Response-";

    private final UpstreamPool pool;
    private final PoolDispatcher dispatcher;

    LlamaProducer(LlamaEndpoint endpoint, UpstreamPool pool, PoolDispatcher dispatcher) {
        super(endpoint);
        this.pool = pool;
        this.dispatcher = dispatcher;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        CompletableFuture<PoolDispatcher.Answer> answered;
        try {
            answered = dispatcher.serve(exchange.getMessage().getMandatoryBody(RoutedChat.class), pool,
                    HttpContext.of(exchange), ChatTraceSteps.requestSpan(exchange));
        } catch (Exception bug) { // thrown before anything async began
            exchange.setException(bug);
            callback.done(true);
            return true;
        }
        if (answered.isDone()) { // e.g. no endpoint available at all: finish in this call, as Camel prefers
            complete(exchange, answered);
            callback.done(true);
            return true;
        }
        answered.whenComplete((answer, error) -> {
            complete(exchange, answered);
            callback.done(false);
        });
        return false;
    }

    private static void complete(Exchange exchange, CompletableFuture<PoolDispatcher.Answer> answered) {
        try {
            PoolDispatcher.Answer answer = answered.join();
            if (answer != null) {
                Message message = exchange.getMessage();
                message.setBody(answer.body());
                answer.headers().forEach((name, value) -> message.setHeader(RESPONSE_HEADER + name, value));
            }
        } catch (RuntimeException e) {
            exchange.setException(PoolDispatcher.unwrap(e));
        }
    }
}
