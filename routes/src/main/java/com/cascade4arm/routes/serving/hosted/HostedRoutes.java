package com.cascade4arm.routes.serving.hosted;

import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import com.cascade4arm.routes.serving.http.Json;
import org.apache.camel.builder.RouteBuilder;

import static com.cascade4arm.routes.RouteIds.HOSTED_CALL;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * The one route that calls the hosted API: camel-http inside the hosted API's Resilience4j circuit breaker. Compare's
 * hosted leg and overflowing chats send their attempts here (each with its {@link HostedCall}); both feed, and are
 * stopped by, the same breaker. Retries (429 with Retry-After, 503) are the callers': around this route.
 */
public final class HostedRoutes extends RouteBuilder {
    /** The registry name of the hosted API's circuit breaker. */
    public static final String BREAKER = "compare-hosted-breaker";
    /** Exchange property with the chat completions URL the attempt calls. */
    public static final String URL = "compareLegUrl";
    /** camel-http, streamed: the body stays the raw answer stream, and a non-2xx is an answer to read, not an exception. */
    public static final String HTTP_OPTIONS = "?throwExceptionOnFailure=false&disableStreamCache=true";

    @Override
    public void configure() {
        from(direct(HOSTED_CALL)).routeId(HOSTED_CALL).routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .noStreamCaching() // the answer is read event by event as it arrives, not cached whole first
                .circuitBreaker().resilience4jConfiguration().circuitBreaker(BREAKER).end()
                    .process(exchange -> HostedCall.of(exchange).request(exchange))
                    .marshal(Json.answer())
                    .toD("${exchangeProperty." + URL + "}" + HTTP_OPTIONS)
                    .process(exchange -> HostedCall.of(exchange).readAnswer(exchange))
                .onFallback()
                    .process(exchange -> HostedCall.of(exchange).withoutAnswer(exchange))
                .end();
    }
}
