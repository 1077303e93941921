package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.upstream.ClosingAfterStreamsUpstream;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static com.cascade4arm.routes.testing.RoutesGateway.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A baseline that behaves like llama-server: it closes the connection after every streamed answer though it announced
 * keep-alive, so the next request on that pooled connection is lost before any byte of an answer. Compares one after
 * another all succeed on the first attempt (camel-http sends the lost request again on a new connection), without a
 * Compare retry and without counting against the baseline's breaker.
 */
class CompareClosingBaselineIT {
    private static final int COMPARES = 20;

    private static ClosingAfterStreamsUpstream baseline;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() {
        baseline = ClosingAfterStreamsUpstream.start();
        gateway = RoutesGateway.builder().property("cascade.baseline.url", baseline.baseUrl()).start();
    }

    @AfterAll
    static void stop() {
        gateway.close();
        baseline.close();
    }

    @Test
    void comparesOneAfterAnotherAllReachTheBaselineAtTheFirstAttempt() throws Exception {
        for (int i = 0; i < COMPARES; i++) {
            HttpResponse<String> response = gateway.compare("{\"prompt\":\"Hello\",\"max_tokens\":4,\"systems\":[\"baseline\"]}");
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            JsonNode result = JSON.readTree(response.body()).at("/systems/baseline");
            assertThat(result.path("status").asText()).as("compare %d: %s", i, result).isEqualTo("ok");
            assertThat(result.path("text").asText()).isEqualTo(ClosingAfterStreamsUpstream.CONTENT);
            assertThat(result.path("retries").asInt()).as("no Compare retry").isZero();
        }
        assertThat(baseline.lost()).as("the closed connections were in fact reused and lost requests").isPositive();
        assertThat(gateway.compareService().breakers().values().stream()
                .mapToLong(breaker -> breaker.getMetrics().getNumberOfFailedCalls()).sum())
                .as("no failure recorded").isZero();
    }
}
