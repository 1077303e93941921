package com.cascade4arm.routes.serving.http;

import io.vertx.core.Vertx;
import org.apache.camel.main.HttpServerConfigurationProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** camel.server.* settings the gateway's own server cannot honour fail the start instead of being ignored. */
class GatewayHttpServerFactoryTest {
    private final GatewayHttpServerFactory factory = new GatewayHttpServerFactory(null, null);

    @Test
    void refusesCamelsGlobalTls() {
        HttpServerConfigurationProperties config = new HttpServerConfigurationProperties(null);
        config.setUseGlobalSslContextParameters(true);
        assertThatThrownBy(() -> factory.newHttpServer(null, config))
                .hasMessageContaining("camel.server.use-global-ssl-context-parameters");
    }

    @Test
    void refusesAContextPath() {
        HttpServerConfigurationProperties config = new HttpServerConfigurationProperties(null);
        config.setPath("/gateway");
        assertThatThrownBy(() -> factory.newHttpServer(null, config))
                .hasMessage("camel.server.path must be /, but was /gateway (the gateway's API paths are absolute)");
    }

    @Test
    void makesTheGatewaysServerForTheDefaults() {
        Vertx vertx = Vertx.vertx();
        try {
            assertThat(new GatewayHttpServerFactory(vertx, null).newHttpServer(null,
                    new HttpServerConfigurationProperties(null))).isInstanceOf(GatewayHttpServer.class);
        } finally {
            vertx.close();
        }
    }
}
