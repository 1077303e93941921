package com.cascade4arm.routes.serving.ops;

import com.cascade4arm.routes.RouteIds;
import com.cascade4arm.routes.serving.http.GatewayHttpServer;
import com.cascade4arm.routes.serving.metrics.MetricsRoutes;
import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import org.apache.camel.health.HealthCheckRegistry;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** /health and /metrics are Camel's: a route each, readiness from the context's health checks, one HTTP server. */
class HealthAndMetricsRoutesIT {
    /** Nothing listens here: the pools stay unavailable. */
    private static final String NOWHERE = "http://127.0.0.1:9";

    @Test
    void servesMetricsFromTheMetricsRouteAsPrometheusText() {
        try (RoutesGateway gateway = RoutesGateway.builder().start()) {
            HttpResponse<String> metrics = gateway.get("/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.headers().firstValue("Content-Type")).hasValue(MetricsRoutes.CONTENT_TYPE);
            assertThat(metrics.body()).contains("cascade_breaker_state");
            assertThat(gateway.camel().getRoute(RouteIds.METRICS)).as("the metrics route").isNotNull();
            assertThat(gateway.camel().hasService(GatewayHttpServer.class).getServerPort())
                    .as("the port Camel Main's HTTP server bound").isEqualTo(gateway.port());
        }
    }

    @Test
    void timesTheChatRouteButNotItsInnerSteps() {
        try (RoutesGateway gateway = RoutesGateway.builder().start()) {
            assertThat(gateway.post("/v1/chat/completions", HttpTestClient.chat("small", "Say hello", 4, false))
                    .statusCode()).isEqualTo(200);
            String metrics = gateway.get("/metrics").body();
            assertThat(metrics).as("Camel's route timer of the chat route")
                    .containsPattern("camel_route_policy_seconds_count\\{[^}]*routeId=\"" + RouteIds.CHAT_COMPLETIONS + "\"[^}]*} 1\\s");
            assertThat(metrics).as("its inner routes, which that timer spans")
                    .doesNotContain("routeId=\"" + RouteIds.SELECT_ENDPOINT + "\"")
                    .doesNotContain("routeId=\"" + RouteIds.CALL_TIER + "\"");
        }
    }

    @Test
    void answersHealthFromTheChecksInCamelsRegistry() {
        try (RoutesGateway gateway = RoutesGateway.builder().pools(NOWHERE, NOWHERE).readyWithin(null)
                .properties(Map.of("cascade.upstream.health-interval-ms", "200")).start()) {
            assertThat(gateway.get("/health").statusCode()).as("no pool can serve").isEqualTo(503);
            HealthCheckRegistry.get(gateway.camel()).getCheck(GatewayHealth.POOLS).orElseThrow().setEnabled(false);
            HttpResponse<String> health = gateway.get("/health");
            assertThat(health.statusCode()).as("the pools' check disabled in Camel's registry").isEqualTo(200);
            assertThat(health.body()).contains("\"status\":\"ok\"");
        }
    }
}
