package com.cascade4arm.bench.overhead;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The floor for {@link OverheadBench}: a Vert.x proxy that relays every request to one upstream and its answer back
 * byte for byte — no parsing, routing, metrics or limits. What it adds on a machine is about the least any JVM gateway
 * on Vert.x can add there, so the gateway's own figures can be read against it.
 * Usage: {@code PassThroughProxy PORT UPSTREAM_BASE_URL}.
 */
public final class PassThroughProxy {
    /** How the bench's clients (Jackson, no spaces) ask for a stream: the one thing the proxy looks for in a body. */
    private static final byte[] STREAM_FLAG = "\"stream\":true".getBytes(StandardCharsets.US_ASCII);

    private final HttpClient keptAlive;
    private final HttpClient fresh;
    private final String upstream;
    private final AtomicBoolean closesAfterStreams = new AtomicBoolean();

    private PassThroughProxy(Vertx vertx, String upstream) {
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(64);
        keptAlive = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true), pool);
        fresh = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(false).setTcpNoDelay(true), pool);
        this.upstream = upstream;
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: PassThroughProxy PORT UPSTREAM_BASE_URL");
            System.exit(2);
        }
        Vertx vertx = Vertx.vertx();
        start(vertx, Integer.parseInt(args[0]), args[1])
                .onSuccess(server -> System.out.println(
                        "pass-through proxy on port " + server.actualPort() + " → " + args[1]))
                .onFailure(e -> {
                    System.err.println("cannot listen on " + args[0] + ": " + e.getMessage());
                    vertx.close();
                });
    }

    /** The proxy on {@code port} (0: any free port) in front of {@code upstream}, listening once this succeeds. */
    static Future<HttpServer> start(Vertx vertx, int port, String upstream) {
        PassThroughProxy proxy = new PassThroughProxy(vertx, upstream.replaceAll("/+$", ""));
        return vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true))
                .requestHandler(proxy::relay)
                .listen(port);
    }

    private void relay(HttpServerRequest request) {
        HttpServerResponse response = request.response();
        RequestOptions call = new RequestOptions().setMethod(request.method()).setAbsoluteURI(upstream + request.uri());
        if (request.getHeader("Content-Type") != null) {
            call.putHeader("Content-Type", request.getHeader("Content-Type"));
        }
        request.body().compose(body -> send(call, body))
                .onSuccess(answer -> {
                    response.setStatusCode(answer.statusCode()).setChunked(true);
                    String contentType = answer.getHeader("Content-Type");
                    if (contentType != null) {
                        response.putHeader("Content-Type", contentType);
                    }
                    answer.handler(response::write);
                    answer.endHandler(v -> response.end());
                })
                .onFailure(e -> response.setStatusCode(502).end(String.valueOf(e.getMessage())));
    }

    private Future<HttpClientResponse> send(RequestOptions call, Buffer body) {
        boolean stream = contains(body.getBytes(), STREAM_FLAG);
        HttpClient client = stream && closesAfterStreams.get() ? fresh : keptAlive;
        return send(client, call, body).recover(e -> {
            if (client == fresh || !(e instanceof HttpClosedException)) {
                return Future.failedFuture(e);
            }
            if (stream) {
                closesAfterStreams.set(true);
            }
            return send(fresh, call, body);
        });
    }

    private static Future<HttpClientResponse> send(HttpClient client, RequestOptions call, Buffer body) {
        return client.request(call).compose(upstreamRequest -> upstreamRequest.send(body));
    }

    private static boolean contains(byte[] bytes, byte[] part) {
        for (int start = 0; start + part.length <= bytes.length; start++) {
            int i = 0;
            while (i < part.length && bytes[start + i] == part[i]) {
                i++;
            }
            if (i == part.length) {
                return true;
            }
        }
        return false;
    }
}
