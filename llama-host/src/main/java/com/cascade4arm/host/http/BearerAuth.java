package com.cascade4arm.host.http;

import com.cascade4arm.openai.ApiError;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Requires {@code Authorization: Bearer <key>} like llama-server's {@code --api-key}; compares in constant time. */
final class BearerAuth implements Handler<RoutingContext> {

    private static final String PREFIX = "Bearer ";
    private final byte[] expected;

    BearerAuth(String apiKey) {
        this.expected = apiKey.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void handle(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            byte[] presented = header.substring(PREFIX.length()).trim().getBytes(StandardCharsets.UTF_8);
            if (MessageDigest.isEqual(expected, presented)) {
                ctx.next();
                return;
            }
        }
        ErrorResponses.send(ctx.response(), new ApiError(401, ApiError.AUTHENTICATION,
                header == null ? "missing API key: send 'Authorization: Bearer <key>'" : "invalid API key"));
    }
}
