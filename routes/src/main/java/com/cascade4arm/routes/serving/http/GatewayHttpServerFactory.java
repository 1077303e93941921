package com.cascade4arm.routes.serving.http;

import com.cascade4arm.routes.serving.edge.Edge;
import io.vertx.core.Vertx;
import org.apache.camel.CamelContext;
import org.apache.camel.Service;
import org.apache.camel.main.HttpManagementServerConfigurationProperties;
import org.apache.camel.main.HttpServerConfigurationProperties;
import org.apache.camel.main.MainHttpServerFactory;

/**
 * Camel Main's hook for its HTTP server: with {@code camel.server.enabled=true} Main takes the
 * {@link MainHttpServerFactory} found in the registry before the platform-http one on the classpath. Bound there, this
 * factory makes Main start the gateway's own {@link GatewayHttpServer} on {@code camel.server.host} and
 * {@code camel.server.port}: platform-http's server builds its Vert.x server from fresh options with no way to give it
 * the edge's limits and handlers.
 */
public final class GatewayHttpServerFactory implements MainHttpServerFactory {
    private final Vertx vertx;
    private final Edge edge;

    public GatewayHttpServerFactory(Vertx vertx, Edge edge) {
        this.vertx = vertx;
        this.edge = edge;
    }

    @Override
    public Service newHttpServer(CamelContext camelContext, HttpServerConfigurationProperties configuration) {
        // What platform-http's server would have done with these, ours does not: refuse rather than ignore them.
        if (configuration.isUseGlobalSslContextParameters()) {
            throw new IllegalArgumentException("camel.server.use-global-ssl-context-parameters is not supported by the"
                    + " gateway: terminate TLS in front of it (a reverse proxy or load balancer)");
        }
        String path = configuration.getPath();
        if (path != null && !path.isEmpty() && !path.equals("/")) {
            throw new IllegalArgumentException("camel.server.path must be /, but was " + path
                    + " (the gateway's API paths are absolute)");
        }
        return new GatewayHttpServer(vertx, edge, configuration.getHost(), configuration.getPort());
    }

    @Override
    public Service newHttpManagementServer(CamelContext camelContext,
                                           HttpManagementServerConfigurationProperties configuration) {
        throw new IllegalArgumentException("camel.management.* (Camel's management HTTP server) is not supported by the"
                + " gateway; /health and /metrics are on its own port");
    }
}
