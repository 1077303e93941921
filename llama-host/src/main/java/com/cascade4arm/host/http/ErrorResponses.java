package com.cascade4arm.host.http;

import com.cascade4arm.openai.ApiError;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns router failures (404, 405, 413, exceptions) into OpenAI-shaped error JSON; never leaks a stack trace. */
final class ErrorResponses {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponses.class);

    private ErrorResponses() {
    }

    static void send(HttpServerResponse response, ApiError error) {
        if (response.ended() || response.closed()) {
            return;
        }
        if (response.headWritten()) {
            response.end();
            return;
        }
        response.setStatusCode(error.status())
                .putHeader("Content-Type", "application/json; charset=utf-8")
                .end(error.toLlamaServerJson().toString());
    }

    static void notFound(RoutingContext ctx) {
        send(ctx.response(), new ApiError(404, ApiError.NOT_FOUND,
                "no endpoint " + ctx.request().method() + " " + ctx.request().path()));
    }

    static void methodNotAllowed(RoutingContext ctx) {
        send(ctx.response(), new ApiError(405, ApiError.INVALID_REQUEST,
                "method " + ctx.request().method() + " is not allowed on " + ctx.request().path()));
    }

    static void bodyTooLarge(RoutingContext ctx, long limitBytes) {
        send(ctx.response(), new ApiError(413, ApiError.INVALID_REQUEST,
                "request body is larger than the limit of " + limitBytes + " bytes"));
    }

    /** Failures with an {@link ApiError} are sent as is; anything else is logged and answered with a plain 500. */
    static void failure(RoutingContext ctx, long bodyLimitBytes) {
        Throwable failure = ctx.failure();
        if (ctx.statusCode() == 413) {
            bodyTooLarge(ctx, bodyLimitBytes);
            return;
        }
        if (failure instanceof ApiError apiError) {
            send(ctx.response(), apiError);
            return;
        }
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
        if (status >= 500) {
            LOG.error("request {} {} failed", ctx.request().method(), ctx.request().path(), failure);
            send(ctx.response(), new ApiError(500, ApiError.SERVER, "internal server error"));
        } else {
            send(ctx.response(), new ApiError(status, ApiError.INVALID_REQUEST, "request failed with status " + status));
        }
    }
}
