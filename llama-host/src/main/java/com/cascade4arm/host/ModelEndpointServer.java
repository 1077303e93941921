package com.cascade4arm.host;

import java.net.URI;
import java.time.Duration;

/** What callers need from any server speaking the llama-server HTTP API: our in-process host or a proxy to one. */
public interface ModelEndpointServer extends AutoCloseable {

    /** Base URL without a trailing slash, e.g. {@code http://127.0.0.1:41234}. */
    URI baseUrl();

    /** True once the endpoint can answer chat requests. */
    boolean isReady();

    /** Blocks until ready; throws {@link IllegalStateException} if loading failed or the timeout passed. */
    void awaitReady(Duration timeout);

    /** Stops serving and frees resources; never hangs. */
    @Override
    void close();

    /** The base URL of a server bound to {@code host}:{@code port} ({@code 0.0.0.0} reached as 127.0.0.1). */
    static URI url(String host, int port) {
        String urlHost = host.equals("0.0.0.0") ? "127.0.0.1"
                : host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return URI.create("http://" + urlHost + ":" + port);
    }
}
