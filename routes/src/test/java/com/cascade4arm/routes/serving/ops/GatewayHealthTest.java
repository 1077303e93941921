package com.cascade4arm.routes.serving.ops;

import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** /health as the route renders it from the checks in Camel's health-check registry: status, code, endpoints. */
class GatewayHealthTest {
    private final UpstreamEndpoint small = new UpstreamEndpoint("small-0", URI.create("http://10.0.0.1:8081"), null,
            CircuitBreaker.ofDefaults("small-0"));
    private final AtomicReference<Optional<ObjectNode>> store = new AtomicReference<>(Optional.empty());
    private final AtomicBoolean draining = new AtomicBoolean();
    private final GatewayHealth health = new GatewayHealth(List.of(new UpstreamPool("small", List.of(small))), false,
            store::get, draining::get);
    private CamelContext camel;

    @BeforeEach
    void start() {
        camel = new DefaultCamelContext();
        camel.start();
        health.register(camel);
    }

    @AfterEach
    void stop() {
        camel.stop();
    }

    @Test
    void registersReadinessChecksWithCamelsHealthRegistry() {
        HealthCheckRegistry registry = HealthCheckRegistry.get(camel);
        assertThat(registry.stream().filter(HealthCheck::isReadiness).map(HealthCheck::getId))
                .as("readiness checks in Camel's registry")
                .contains(GatewayHealth.POOLS, GatewayHealth.STORE, GatewayHealth.DRAINING);
        assertThat(registry.stream().filter(HealthCheck::isLiveness).map(HealthCheck::getId)).as("liveness checks")
                .doesNotContain(GatewayHealth.POOLS, GatewayHealth.STORE, GatewayHealth.DRAINING);
        assertThat(HealthCheckHelper.invokeReadiness(camel)).extracting(result -> result.getCheck().getId())
                .as("Camel's own readiness reports the failing pools").contains(GatewayHealth.POOLS);
    }

    @Test
    void answersOkWhenEveryPoolHasAnAvailableEndpoint() {
        small.markHealth(true, "ok");
        Exchange answer = render();
        JsonNode body = answer.getMessage().getBody(JsonNode.class);
        assertThat(answer.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE)).as("status code").isNull();
        assertThat(body.path("status").asText()).isEqualTo("ok");
        assertThat(body.path("endpoints").get(0).path("name").asText()).isEqualTo("small-0");
        assertThat(body.path("endpoints").get(0).path("breaker").asText()).isEqualTo("closed");
        assertThat(body.path("endpoints").get(0).has("url")).as("internal address hidden").isFalse();
        assertThat(body.has("store")).as("no shared store with local files").isFalse();
    }

    @Test
    void answers503UnavailableNamingThePoolWithoutAnEndpoint() {
        small.markHealth(false, "connection refused");
        Exchange answer = render();
        JsonNode body = answer.getMessage().getBody(JsonNode.class);
        assertThat(answer.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE)).isEqualTo(503);
        assertThat(body.path("status").asText()).isEqualTo("unavailable");
        assertThat(body.path("error").path("message").asText())
                .isEqualTo("not ready: no available endpoint in pool(s) small");
        assertThat(HealthCheckRegistry.get(camel).getCheck(GatewayHealth.POOLS).orElseThrow().call().getState())
                .isEqualTo(HealthCheck.State.DOWN);
    }

    @Test
    void answersDegradedWith200WhenOnlyTheStoreIsDown() {
        small.markHealth(true, "ok");
        store.set(Optional.of(Json.object().put("status", "ok").put("rules_source", "cache")));
        Exchange answer = render();
        JsonNode body = answer.getMessage().getBody(JsonNode.class);
        assertThat(answer.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE)).as("status code").isNull();
        assertThat(body.path("status").asText()).isEqualTo("degraded");
        assertThat(body.path("store").path("rules_source").asText()).isEqualTo("cache");
    }

    @Test
    void answers503DrainingFromTheStartOfShutdown() {
        small.markHealth(true, "ok");
        draining.set(true);
        Exchange answer = render();
        JsonNode body = answer.getMessage().getBody(JsonNode.class);
        assertThat(answer.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE)).isEqualTo(503);
        assertThat(body.path("status").asText()).isEqualTo("draining");
        assertThat(body.path("error").path("code").asText()).isEqualTo("shutting_down");
    }

    private Exchange render() {
        Exchange exchange = new DefaultExchange(camel);
        health.render(exchange);
        return exchange;
    }
}
