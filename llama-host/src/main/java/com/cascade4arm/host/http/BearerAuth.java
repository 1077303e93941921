package com.cascade4arm.host.http;

import com.cascade4arm.openai.ApiError;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Requires {@code Authorization: Bearer <key>} like llama-server's {@code --api-key}; compares in constant time. */
public final class BearerAuth implements Handler<RoutingContext> {

    private static final String PREFIX = "Bearer ";
    private final byte[] expected;

    public BearerAuth(String apiKey) {
        this.expected = apiKey.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void handle(RoutingContext ctx) {
        ApiError refusal = check(ctx.request().getHeader("Authorization"));
        if (refusal == null) {
            ctx.next();
        } else {
            ErrorResponses.send(ctx.response(), refusal);
        }
    }

    /** Null when {@code header} carries the key, else the 401 to answer. */
    public ApiError check(String header) {
        if (header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            byte[] presented = header.substring(PREFIX.length()).trim().getBytes(StandardCharsets.UTF_8);
            if (MessageDigest.isEqual(expected, presented)) {
                return null;
            }
        }
        return new ApiError(401, ApiError.AUTHENTICATION,
                header == null ? "missing API key: send 'Authorization: Bearer <key>'" : "invalid API key");
    }
}
