package com.cascade4arm.routes.edge;

import io.netty.handler.codec.http.HttpMessage;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;

/**
 * Vert.x's request decoder, except that a request with both Content-Length and Transfer-Encoding is invalid. Netty
 * drops the Content-Length and reads the chunks (RFC 9112 allows that), but a proxy in front that went by the
 * Content-Length would see a different request boundary — request smuggling. RFC 9112 §6.3 lets a server reject such a
 * request instead; the failure reaches the server's invalid-request handler, which answers 400 and closes.
 */
final class StrictRequestDecoder extends VertxHttpRequestDecoder {
    static final String BOTH_LENGTHS = "Content-Length together with Transfer-Encoding";

    StrictRequestDecoder(HttpServerOptions options) {
        super(options);
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new IllegalArgumentException(BOTH_LENGTHS + " is not accepted");
    }
}
