package com.cascade4arm.routes.serving.http;

import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteConfigurationBuilder;

/**
 * Error handling the routes opt into. {@value #ID}: routes that answer a client handle every failure (no
 * redelivery, no stack trace for a client's mistake) and leave it in {@link #FAILURE}, which the ingress answers as
 * an OpenAI error (not EXCEPTION_CAUGHT: a doCatch that recovered leaves that set too). {@value #INTERNAL}: routes called by other routes log nothing and hand their failure back to the
 * caller, whose doTry or error handling decides (so one failed request is one log line, not one per route).
 */
public final class ErrorsConfiguration extends RouteConfigurationBuilder {
    public static final String ID = "openai-errors";
    public static final String INTERNAL = "to-caller";
    /** Exchange property holding the failure the client is answered with. */
    public static final String FAILURE = "cascade.failure";

    @Override
    public void configuration() {
        routeConfiguration(ID)
                .onException(Exception.class).handled(true)
                .process(exchange -> exchange.setProperty(FAILURE,
                        exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class)));
        routeConfiguration(INTERNAL).errorHandler(noErrorHandler());
    }
}
