package com.cascade4arm.routes.serving.http;

import io.vertx.ext.web.RoutingContext;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A short id per request, sent back as {@code X-Request-Id} and written in every log line about the request, so a
 * client's report and the gateway's log meet. A per-process random prefix and a counter: unique, cheap, no secrets.
 */
public final class RequestIds {
    public static final String HEADER = "X-Request-Id";
    private static final String PREFIX = Long.toString(new SecureRandom().nextInt(1 << 20) + (1 << 20), 36);
    private static final AtomicLong NEXT = new AtomicLong();

    private RequestIds() {
    }

    /** Gives the request its id (first handler of every request). */
    public static void assign(RoutingContext ctx) {
        ctx.response().putHeader(HEADER, PREFIX + "-" + Long.toString(NEXT.incrementAndGet(), 36));
    }
}
