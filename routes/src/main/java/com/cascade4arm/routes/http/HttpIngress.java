package com.cascade4arm.routes.http;

import com.cascade4arm.routes.edge.Edge;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import org.apache.camel.AsyncProducer;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.support.DefaultExchange;
import org.apache.camel.support.service.ServiceHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * Hands HTTP requests from platform-http's Vert.x router to direct: routes, and writes what the route left in the
 * message as JSON. Routes that stream write to {@link HttpContext} themselves. Routes that never block (the chat
 * cascade, health, models, route explanations) run on the connection's event loop, so a request costs no thread
 * hand-off; the others (rule compiles, files, fan-outs) run on a bounded worker pool.
 */
public final class HttpIngress {
    private static final Logger LOG = LoggerFactory.getLogger(HttpIngress.class);
    private static final int RETRY_AFTER_BUSY_SECONDS = 1;
    /** Prefix of message headers that go to the client as response headers. */
    public static final String RESPONSE_HEADER_PREFIX = "Response-";

    private final Router router;
    private final ProducerTemplate producer;
    private final CamelContext camel;
    private final ExecutorService workers;
    private final long maxBodyBytes;
    private final Edge edge;

    /** {@code edge} applies the per-client limits and caps to every mapped request (package edge). */
    public HttpIngress(Router router, CamelContext camel, ExecutorService workers, long maxBodyBytes, Edge edge) {
        this.router = router;
        this.camel = camel;
        this.producer = camel.createProducerTemplate();
        this.workers = workers;
        this.maxBodyBytes = maxBodyBytes;
        this.edge = edge;
    }

    /** Sends {@code method path} requests to the route {@code routeId} on a worker; path params (":name") become headers. */
    public HttpIngress map(HttpMethod method, String path, String routeId) {
        return map(method, path, routeId, null);
    }

    /** Like {@link #map}, for a route that never blocks: it runs on the connection's event loop, asynchronously. */
    public HttpIngress mapNonBlocking(HttpMethod method, String path, String routeId) {
        return map(method, path, routeId, startProducer(routeId));
    }

    private HttpIngress map(HttpMethod method, String path, String routeId, AsyncProducer onEventLoop) {
        // Edge: rate limit and concurrency caps on a route of their own, so they run before the next one reads the
        // body (Vert.x puts body handlers first within a route); the stream cap once the body is read (package edge).
        edge.knownRoutes().register(method, path);
        router.route(method, path).handler(edge::admit);
        var route = router.route(method, path);
        if (method == HttpMethod.POST || method == HttpMethod.PUT) {
            route.handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes));
        }
        route.handler(edge::admitStream);
        route.handler(ctx -> dispatch(ctx, routeId, onEventLoop)).failureHandler(HttpIngress::fail);
        return this;
    }

    private AsyncProducer startProducer(String routeId) {
        try {
            AsyncProducer producer = camel.getEndpoint("direct:" + routeId).createAsyncProducer();
            ServiceHelper.startService(producer);
            return producer;
        } catch (Exception e) {
            throw new IllegalStateException("cannot send to route " + routeId, e);
        }
    }

    private void dispatch(RoutingContext ctx, String routeId, AsyncProducer onEventLoop) {
        HttpContext http = new HttpContext(ctx.request(), System.nanoTime());
        Exchange exchange = new DefaultExchange(camel);
        exchange.setProperty(HttpContext.PROPERTY, http);
        exchange.getMessage().setBody(ctx.body() == null || ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes());
        ctx.pathParams().forEach(exchange.getMessage()::setHeader);
        ctx.queryParams().forEach(e -> exchange.getMessage().setHeader("query." + e.getKey(), e.getValue()));
        if (onEventLoop != null) {
            try {
                onEventLoop.process(exchange, doneSync -> respond(exchange, http));
            } catch (RuntimeException | StackOverflowError e) {
                respondWithError(http, e); // a bug, answered as 500 and logged; the event loop keeps serving
            }
            return;
        }
        try {
            workers.execute(() -> run(exchange, http, routeId));
        } catch (RejectedExecutionException busy) {
            http.sendError(new ApiException(503, "unavailable_error", "overloaded",
                    "the gateway is at its concurrency limit; retry shortly", RETRY_AFTER_BUSY_SECONDS));
        }
    }

    private void run(Exchange exchange, HttpContext http, String routeId) {
        try {
            producer.send("direct:" + routeId, exchange);
        } catch (RuntimeException | StackOverflowError e) {
            respondWithError(http, e);
            return;
        }
        respond(exchange, http);
    }

    /** Answers with what the route left: its failure as an OpenAI error, else its body (unless it wrote itself). */
    private static void respond(Exchange exchange, HttpContext http) {
        try {
            Throwable failure = exchange.getException() != null ? exchange.getException()
                    : exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
            if (failure != null) {
                respondWithError(http, failure);
            } else if (!http.committed()) {
                Object body = exchange.getMessage().getBody();
                int status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
                String contentType = exchange.getMessage().getHeader(Exchange.CONTENT_TYPE, String.class);
                if (body instanceof String text && contentType != null) {
                    http.sendText(status, contentType, text, responseHeaders(exchange));
                } else if (body instanceof JsonNode json) {
                    http.sendJson(status, json, responseHeaders(exchange));
                } else {
                    http.sendJson(status, Json.MAPPER.valueToTree(body), responseHeaders(exchange));
                }
            }
        } catch (RuntimeException e) {
            respondWithError(http, e);
        }
    }

    /** Message headers named "Response-*" are sent to the client without the prefix (e.g. Content-Disposition). */
    private static Map<String, String> responseHeaders(Exchange exchange) {
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        exchange.getMessage().getHeaders().forEach((name, value) -> {
            if (name.startsWith(RESPONSE_HEADER_PREFIX) && value != null) {
                headers.put(name.substring(RESPONSE_HEADER_PREFIX.length()), value.toString());
            }
        });
        return headers;
    }

    private static void respondWithError(HttpContext http, Throwable failure) {
        ApiException api = OpenAiErrors.toApiException(failure);
        if (api.status() >= 500 && OpenAiErrors.isUnexpected(failure)) {
            // Not an error the gateway answers on purpose: a bug, so the trace goes to the log (once).
            LOG.error("{} {} {} failed unexpectedly", http.requestId(), http.request().method(), http.request().path(), failure);
        }
        http.sendError(api);
    }

    /** Decoder and connection failures while reading a body: the client's framing, not a gateway bug. */
    private static boolean isMalformedBody(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof io.netty.handler.codec.DecoderException || cause instanceof IllegalArgumentException
                    || cause instanceof io.vertx.core.http.HttpClosedException) {
                return true;
            }
        }
        return false;
    }

    /** Vert.x-level failures (body too large, bad framing) get the same OpenAI error shape. */
    private static void fail(RoutingContext ctx) {
        if (ctx.response().ended() || ctx.response().closed()) {
            return; // already answered (e.g. 408 from the edge) or the client is gone: nobody to tell
        }
        // A body that breaks off or has broken framing (a bad chunk size) fails the body handler without a status.
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : isMalformedBody(ctx.failure()) ? 400 : 500;
        String message = switch (status) {
            case 413 -> "request body is larger than the limit";
            case 400 -> "malformed request body";
            default -> "request failed";
        };
        if (ctx.failure() != null && status == 500) {
            LOG.error("{} {} {} failed unexpectedly", ctx.response().headers().get(RequestIds.HEADER),
                    ctx.request().method(), ctx.request().path(), ctx.failure());
        }
        String code = status == 413 ? "request_too_large" : "request_failed";
        new HttpContext(ctx.request(), System.nanoTime()).sendError(
                new ApiException(status, status >= 500 ? "server_error" : "invalid_request_error", code, message));
    }
}
