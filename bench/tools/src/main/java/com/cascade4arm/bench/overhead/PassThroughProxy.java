package com.cascade4arm.bench.overhead;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

/**
 * The floor for {@link OverheadBench}: a Vert.x proxy that relays every request to one upstream and its answer back
 * byte for byte — no parsing, routing, metrics or limits. What it adds on a machine is about the least any JVM gateway
 * on Vert.x can add there, so the gateway's own figures can be read against it.
 * Usage: {@code PassThroughProxy PORT UPSTREAM_BASE_URL}.
 */
public final class PassThroughProxy {
    private PassThroughProxy() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: PassThroughProxy PORT UPSTREAM_BASE_URL");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        String upstream = args[1].replaceAll("/+$", "");
        Vertx vertx = Vertx.vertx();
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setTcpNoDelay(true),
                new PoolOptions().setHttp1MaxSize(64));
        vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true))
                .requestHandler(request -> relay(client, upstream, request))
                .listen(port)
                .onSuccess(server -> System.out.println("pass-through proxy on port " + server.actualPort() + " → " + upstream))
                .onFailure(e -> {
                    System.err.println("cannot listen on " + port + ": " + e.getMessage());
                    vertx.close();
                });
    }

    private static void relay(HttpClient client, String upstream, HttpServerRequest request) {
        HttpServerResponse response = request.response();
        RequestOptions call = new RequestOptions().setMethod(request.method()).setAbsoluteURI(upstream + request.uri());
        if (request.getHeader("Content-Type") != null) {
            call.putHeader("Content-Type", request.getHeader("Content-Type"));
        }
        request.body().compose(body -> client.request(call).compose(upstreamRequest -> upstreamRequest.send(body)))
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
}
