package com.cascade4arm.routes.serving.http;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.LogText;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.Processor;
import org.apache.camel.support.DefaultConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns each request of its endpoint into an exchange (body: the request bytes; path parameters and
 * {@code query.<name>} as headers; the client's {@link HttpContext} as the transport) and runs the route
 * asynchronously on the event loop. When the route is done it answers with what the route left — its failure as an
 * OpenAI error, else its body — unless the route already answered (a stream).
 */
final class IngressConsumer extends DefaultConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(IngressConsumer.class);
    /** Prefix of message headers that go to the client as response headers (e.g. Response-Location). */
    static final String RESPONSE_HEADER_PREFIX = "Response-";

    /** Hangs a handler on the gateway's router under the endpoint's method and path (edge checks first). */
    private final java.util.function.Consumer<Handler<RoutingContext>> mount;

    IngressConsumer(IngressEndpoint endpoint, Processor processor, java.util.function.Consumer<Handler<RoutingContext>> mount) {
        super(endpoint, processor);
        this.mount = mount;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        mount.accept(this::handle);
    }

    private void handle(RoutingContext ctx) {
        // Media type, origin and size were checked by the edge before the body was read.
        HttpContext http = new HttpContext(ctx.request(), System.nanoTime());
        http.routedBy(ctx);
        Exchange exchange = createExchange(false);
        exchange.setPattern(ExchangePattern.InOut);
        exchange.setProperty(HttpContext.PROPERTY, http);
        exchange.getMessage().setBody(ctx.body() == null || ctx.body().buffer() == null
                ? new byte[0] : ctx.body().buffer().getBytes());
        ctx.pathParams().forEach(exchange.getMessage()::setHeader);
        ctx.queryParams().forEach(e -> exchange.getMessage().setHeader("query." + e.getKey(), e.getValue()));
        try {
            getAsyncProcessor().process(exchange, doneSync -> {
                respond(exchange, http);
                releaseExchange(exchange, false);
            });
        } catch (RuntimeException | StackOverflowError e) {
            respondWithError(http, e); // a bug, answered as 500 and logged; the event loop keeps serving
        }
    }

    /** Answers with what the route left: its failure as an OpenAI error, else its body (unless it wrote itself). */
    private static void respond(Exchange exchange, HttpContext http) {
        try {
            Throwable failure = exchange.getException() != null ? exchange.getException()
                    : exchange.getProperty(ErrorsConfiguration.FAILURE, Throwable.class);
            if (failure != null) {
                respondWithError(http, failure);
                return;
            }
            if (http.committed()) {
                return;
            }
            Object body = exchange.getMessage().getBody();
            int status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
            String contentType = exchange.getMessage().getHeader(Exchange.CONTENT_TYPE, String.class);
            Map<String, String> headers = responseHeaders(exchange);
            if (body instanceof JsonNode json) {
                http.sendJson(status, json, headers);
            } else if (body instanceof String text && contentType != null) {
                http.send(status, contentType, Buffer.buffer(text), headers);
            } else if (body != null && contentType != null && !(body instanceof Map || body instanceof Record)) {
                http.send(status, contentType, Buffer.buffer(exchange.getMessage().getBody(byte[].class)), headers);
            } else {
                http.sendJson(status, Json.MAPPER.valueToTree(body), headers);
            }
        } catch (RuntimeException e) {
            respondWithError(http, e);
        }
    }

    /** Message headers named "Response-*" are sent to the client without the prefix (e.g. Content-Disposition). */
    private static Map<String, String> responseHeaders(Exchange exchange) {
        Map<String, String> headers = new LinkedHashMap<>();
        exchange.getMessage().getHeaders().forEach((name, value) -> {
            if (name.startsWith(RESPONSE_HEADER_PREFIX) && value != null) {
                headers.put(name.substring(RESPONSE_HEADER_PREFIX.length()), value.toString());
            }
        });
        return headers;
    }

    /**
     * An expected failure (an ApiError) is answered as it is, and logged in one line by {@link HttpContext#sendError};
     * anything else is a bug, also logged with its trace (once).
     */
    static void respondWithError(HttpContext http, Throwable failure) {
        ApiError api = ApiErrors.of(failure);
        if (api.status() >= 500 && ApiErrors.unexpected(failure)) {
            LOG.error("{} {} {} failed unexpectedly", http.requestId(), http.request().method(), LogText.safe(http.request().path()),
                    failure);
        }
        http.sendError(api);
    }
}
