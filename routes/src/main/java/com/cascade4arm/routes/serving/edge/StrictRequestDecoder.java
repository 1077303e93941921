package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.util.ReferenceCountUtil;

import java.nio.charset.StandardCharsets;
import java.util.List;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;

/**
 * Vert.x's request decoder, except that a request with both Content-Length and Transfer-Encoding is invalid. Netty
 * drops the Content-Length and reads the chunks (RFC 9112 allows that), but a proxy in front that went by the
 * Content-Length would see a different request boundary — request smuggling. RFC 9112 §6.3 lets a server reject such a
 * request instead; the failure reaches the server's invalid-request handler, which answers 400 and closes.
 * A Transfer-Encoding other than exactly {@code chunked} ({@code xchunked}, {@code identity}, {@code chunked, identity},
 * the header twice) is refused the same way: RFC 9112 §6.1 wants 400 for a coding the server does not understand, and
 * a proxy may read such a request as a body of another length.
 * A broken chunk (a chunk size that is not hex) comes after the request went to the router, and Vert.x would only close
 * the connection: here it is answered 400 in the OpenAI shape, straight on the socket, before the close.
 */
final class StrictRequestDecoder extends VertxHttpRequestDecoder {
    static final String BOTH_LENGTHS = "Content-Length together with Transfer-Encoding";
    static final String ONLY_CHUNKED = "a Transfer-Encoding other than chunked";

    StrictRequestDecoder(HttpServerOptions options) {
        super(options);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
        int before = out.size();
        super.decode(ctx, buffer, out);
        for (int i = before; i < out.size(); i++) {
            if (out.get(i) instanceof HttpContent content && !(content instanceof HttpMessage)
                    && content.decoderResult().isFailure()) {
                while (out.size() > i) {
                    ReferenceCountUtil.release(out.remove(out.size() - 1));
                }
                answerBadChunk(ctx);
                return;
            }
        }
    }

    /** Raw bytes from here skip the encoder (it sits after the decoder): a complete 400, then the close. */
    private static void answerBadChunk(ChannelHandlerContext ctx) {
        byte[] body = Json.bytes(new ApiError(400, ApiError.INVALID_REQUEST, "malformed_request",
                "malformed chunked body (bad chunk size)").toJson());
        String head = "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\n" + SecurityHeaders.headLines() + "\r\n";
        ctx.writeAndFlush(Unpooled.wrappedBuffer(head.getBytes(StandardCharsets.US_ASCII), body))
                .addListener(ChannelFutureListener.CLOSE);
    }

    /** Called by Netty once a head is read, inside its decoding guard: a throw here becomes an invalid request. */
    @Override
    protected boolean isContentAlwaysEmpty(HttpMessage message) {
        List<String> codings = message.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
        if (!codings.isEmpty()) {
            if (codings.size() > 1 || !codings.get(0).trim().equalsIgnoreCase("chunked")) {
                throw new IllegalArgumentException(ONLY_CHUNKED + " is not accepted");
            }
            if (message.headers().contains(HttpHeaderNames.CONTENT_LENGTH)) {
                throw new IllegalArgumentException(BOTH_LENGTHS + " is not accepted");
            }
        }
        return super.isContentAlwaysEmpty(message);
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new IllegalArgumentException(BOTH_LENGTHS + " is not accepted");
    }
}
