package com.cascade4arm.routes.serving.http;

import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;

import java.util.Locale;
import java.util.Map;

/**
 * {@code ingress:POST:/v1/chat/completions}: where a request enters a route. The consumer hangs a handler on the
 * gateway's own Vert.x router ({@link GatewayHttpServer}; the edge's limits run first) and runs the route on the
 * connection's event loop — platform-http's consumer would run it on a worker thread and write the response itself after the route, which
 * buffers a token stream and costs two thread hand-offs a request. A route that may block says so with
 * {@code threads()}; path parameters ({@code /runs/{id}}) become message headers.
 */
public final class IngressComponent extends DefaultComponent {
    public static final String SCHEME = "ingress";

    private final HttpSurface surface;

    public IngressComponent(HttpSurface surface) {
        this.surface = surface;
    }

    /** The endpoint URI of {@code method path}, e.g. {@code ingress:POST:/api/bench/runs/{id}}. */
    public static String uri(String method, String path) {
        return SCHEME + ":" + method + ":" + path;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) {
        int colon = remaining.indexOf(':');
        if (colon <= 0 || !remaining.startsWith("/", colon + 1)) {
            throw new IllegalArgumentException("ingress endpoints are ingress:METHOD:/path, but was " + uri);
        }
        return new IngressEndpoint(uri, this, remaining.substring(0, colon).toUpperCase(Locale.ROOT),
                remaining.substring(colon + 1), surface);
    }
}
