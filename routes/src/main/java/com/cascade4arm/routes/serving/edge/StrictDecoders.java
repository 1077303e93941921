package com.cascade4arm.routes.serving.edge;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * Puts {@link StrictRequestDecoder} in place of Vert.x's decoder on a new connection (from the server's connection
 * handler, which runs before the connection's first bytes are decoded). Vert.x has no option for it; the Netty pipeline
 * is reached the documented way, through {@code ConnectionBase.channel()}.
 */
final class StrictDecoders {
    private StrictDecoders() {
    }

    static void install(HttpConnection connection, HttpServerOptions options) {
        if (!(connection instanceof ConnectionBase base)) {
            return;
        }
        ChannelPipeline pipeline = base.channel().pipeline();
        ChannelHandler decoder = pipeline.get(VertxHttpRequestDecoder.class);
        if (decoder != null && !(decoder instanceof StrictRequestDecoder)) {
            pipeline.replace(decoder, pipeline.context(decoder).name(), new StrictRequestDecoder(options));
        }
    }
}
