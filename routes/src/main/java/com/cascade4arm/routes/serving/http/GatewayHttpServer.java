package com.cascade4arm.routes.serving.http;

import com.cascade4arm.routes.serving.edge.Edge;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import org.apache.camel.spi.EmbeddedHttpService;
import org.apache.camel.support.service.ServiceSupport;

import java.util.concurrent.TimeUnit;

/**
 * The gateway's HTTP server as a Camel service: a Vert.x {@link HttpServer} the gateway creates itself (so the edge sets
 * its options and connection handlers through Vert.x's public API) and one {@link Router} that the {@code ingress:}
 * consumers, {@code /metrics}, the console's files and the 404 handler mount on. Camel Main creates it through
 * {@link GatewayHttpServerFactory} from the {@code camel.server.*} keys, and starts and stops it with the context; as
 * Camel's {@link EmbeddedHttpService} it tells anyone holding the context the port it bound.
 */
public final class GatewayHttpServer extends ServiceSupport implements EmbeddedHttpService {
    /** How long binding or closing the socket may take before the start or stop fails, s. */
    static final long BIND_TIMEOUT_S = 30;

    private final Vertx vertx;
    private final Edge edge;
    private final String host;
    private final int port;
    private final Router router;
    private volatile HttpServer server;

    GatewayHttpServer(Vertx vertx, Edge edge, String host, int port) {
        this.vertx = vertx;
        this.edge = edge;
        this.host = host;
        this.port = port;
        this.router = Router.router(vertx);
    }

    /** Where the API, /metrics and the console mount their handlers. */
    public Router router() {
        return router;
    }

    @Override
    public String getScheme() {
        return "http";
    }

    /** The port the server bound: differs from {@code camel.server.port} when that was 0. */
    @Override
    public int getServerPort() {
        HttpServer bound = server;
        if (bound == null) {
            throw new IllegalStateException("the gateway's HTTP server is not listening");
        }
        return bound.actualPort();
    }

    @Override
    protected void doStart() throws Exception {
        server = edge.newServer(vertx, router).listen(port, host).toCompletionStage().toCompletableFuture()
                .get(BIND_TIMEOUT_S, TimeUnit.SECONDS);
    }

    @Override
    protected void doStop() throws Exception {
        HttpServer bound = server;
        if (bound != null) {
            bound.close().toCompletionStage().toCompletableFuture().get(BIND_TIMEOUT_S, TimeUnit.SECONDS);
        }
    }
}
