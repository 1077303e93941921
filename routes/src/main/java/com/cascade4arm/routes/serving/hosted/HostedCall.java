package com.cascade4arm.routes.serving.hosted;

import org.apache.camel.Exchange;

/**
 * One attempt's steps in the {@code hosted-call} route, supplied by its caller (Compare's hosted leg, or an overflowing
 * chat) under exchange property {@link #PROPERTY}: the route owns the HTTP client and the breaker, the caller what is
 * sent and how the answer is read.
 */
public interface HostedCall {
    /** Exchange property with the attempt's {@link HostedCall}. */
    String PROPERTY = "cascade.hosted.call";

    /** Builds camel-http's request: the chat URL in exchange property {@link HostedRoutes#URL}, headers, JSON body. */
    void request(Exchange exchange);

    /** Reads camel-http's answer (a stream); throws when the attempt did not end well, for the breaker to count. */
    void readAnswer(Exchange exchange);

    /** The breaker's fallback: refused by the open breaker, or no answer at all (connection failed). */
    void withoutAnswer(Exchange exchange);

    static HostedCall of(Exchange exchange) {
        return exchange.getProperty(PROPERTY, HostedCall.class);
    }
}
