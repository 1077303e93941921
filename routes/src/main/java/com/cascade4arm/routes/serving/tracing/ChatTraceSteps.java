package com.cascade4arm.routes.serving.tracing;

import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.serving.http.HttpContext;
import io.opentelemetry.api.trace.Span;
import org.apache.camel.Exchange;
import org.apache.camel.support.SynchronizationAdapter;

/**
 * The chat route's tracing steps: the request span opens when the route starts (child of the client's traceparent)
 * and closes when the exchange completes; the decision span wraps fact extraction and rules.
 */
public final class ChatTraceSteps {
    /** Exchange property holding the request's span, for the llama producer's upstream call spans. */
    public static final String REQUEST_SPAN = "cascade.trace.request";
    private static final String DECISION_SPAN = "cascade.trace.decision";

    private final ChatTracing tracing;

    public ChatTraceSteps(ChatTracing tracing) {
        this.tracing = tracing;
    }

    public void begin(Exchange exchange) {
        HttpContext http = HttpContext.of(exchange);
        Span span = tracing.startRequest(name -> http == null ? null : http.header(name));
        exchange.setProperty(REQUEST_SPAN, span);
        exchange.getExchangeExtension().addOnCompletion(new SynchronizationAdapter() {
            @Override
            public void onComplete(Exchange done) {
                span.end();
            }

            @Override
            public void onFailure(Exchange failed) {
                Exception cause = failed.getException();
                ChatTracing.endWithError(span, cause == null ? "failed" : String.valueOf(cause.getMessage()));
            }
        });
    }

    public void decisionStarted(Exchange exchange) {
        exchange.setProperty(DECISION_SPAN, tracing.startDecision(requestSpan(exchange)));
    }

    public void decisionDone(Exchange exchange) {
        Span decision = exchange.getProperty(DECISION_SPAN, Span.class);
        RoutedChat routed = exchange.getMessage().getBody(RoutedChat.class);
        if (decision != null && routed != null) {
            ChatTracing.endDecision(decision, routed.tier(), routed.decision() == null ? null : routed.decision().rule());
        }
    }

    /** The request's span, or an invalid one outside a traced chat route. */
    public static Span requestSpan(Exchange exchange) {
        Span span = exchange.getProperty(REQUEST_SPAN, Span.class);
        return span == null ? Span.getInvalid() : span;
    }
}
