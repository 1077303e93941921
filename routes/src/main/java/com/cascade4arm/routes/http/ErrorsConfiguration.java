package com.cascade4arm.routes.http;

import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteConfigurationBuilder;

/**
 * Error handling every HTTP-facing route opts into: failures are handled (no redelivery, no stack-trace logging of
 * client mistakes) and left in EXCEPTION_CAUGHT, which {@link HttpIngress} turns into an OpenAI-shaped error.
 */
public final class ErrorsConfiguration extends RouteConfigurationBuilder {
    public static final String ID = "openai-errors";

    @Override
    public void configuration() {
        routeConfiguration(ID)
                .onException(Exception.class).handled(true)
                .process(exchange -> exchange.setProperty(Exchange.EXCEPTION_CAUGHT,
                        exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class)));
    }
}
