package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;

/**
 * Answers requests Vert.x could not decode (a request line or headers above the limits, broken framing) in the same
 * OpenAI error shape as everything else — Vert.x's default sends an empty 4xx or just drops the connection — then
 * closes the connection, whose framing can no longer be trusted.
 */
final class InvalidRequests {
    /** Netty's messages for its too-long frames, which carry no type of their own. */
    private static final String LINE_TOO_LONG = "An HTTP line is larger than";
    private static final String HEADER_TOO_LARGE = "HTTP header is larger than";

    private final EdgeSettings settings;
    private final EdgeMetrics metrics;

    InvalidRequests(EdgeSettings settings, EdgeMetrics metrics) {
        this.settings = settings;
        this.metrics = metrics;
    }

    void handle(HttpServerRequest request) {
        Throwable cause = request.decoderResult() == null ? null : request.decoderResult().cause();
        String detail = cause == null || cause.getMessage() == null ? "" : cause.getMessage();
        ApiError error;
        if (detail.startsWith(LINE_TOO_LONG)) {
            error = new ApiError(414, "invalid_request_error", "request_line_too_long",
                    "the request line is longer than " + settings.config().maxRequestLineBytes() + " bytes");
        } else if (detail.startsWith(HEADER_TOO_LARGE)) {
            error = new ApiError(431, "invalid_request_error", "headers_too_large",
                    "the request headers are larger than " + settings.config().maxHeaderBytes() + " bytes");
        } else {
            error = new ApiError(400, "invalid_request_error", "malformed_request", "malformed HTTP request");
        }
        metrics.rejected(error.code());
        SecurityHeaders.apply(request.response());
        request.response().setStatusCode(error.status())
                .putHeader("Content-Type", "application/json")
                .putHeader("Connection", "close")
                .end(Buffer.buffer(Json.bytes(error.toJson())))
                .onComplete(done -> request.connection().close());
    }
}
