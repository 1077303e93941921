package com.cascade4arm.routes.serving.overflow;

import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.routes.testing.CompletionsUpstream;
import com.cascade4arm.testing.http.HttpTestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fresh gateway with overflow on serves its first request on a healthy tier whose first health check has not answered
 * yet: an endpoint not checked yet is healthy-unknown, not down, so the request neither overflows as
 * {@code unavailable} nor fails; only a failed check or failed calls make a tier unavailable.
 */
class OverflowAtStartIT {
    /** How long the upstream holds its /health answer: the first check is still pending while the request is served. */
    static final long HEALTH_HELD_MS = 5_000;
    private CompletionsUpstream upstream;
    private RoutesGateway gateway;

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    @Test
    void aHealthyTierServesTheFirstRequestLocallyBeforeItsFirstCheckAnswered() {
        upstream = CompletionsUpstream.start("local");
        upstream.healthDelayMs(HEALTH_HELD_MS);
        gateway = RoutesGateway.builder().withHosted(true).pools(upstream.baseUrl(), upstream.baseUrl())
                .property("cascade.small.overflow", "hosted") // the feature under test (shipped: none)
                // The probe waits this long for the held /health answer instead of giving up at 2 s (shipped).
                .property("cascade.upstream.connect-timeout-ms", "10000")
                .readyWithin(null) // not ready before a check said ok: the request below comes first
                .start();
        UpstreamEndpoint small = gateway.gateway().pools().get("small").endpoints().get(0);
        assertThat(small.checked()).as("the first health check is still pending").isFalse();

        HttpTestClient.Response first = gateway.http().post("/v1/chat/completions",
                HttpTestClient.chat("small", "Say hello", 8, false));

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.json().path("cascade").path("route").asText()).isEqualTo("small");
        assertThat(first.json().path("cascade").has("overflow")).as("served locally, not overflowed").isFalse();
        assertThat(first.json().at("/choices/0/message/content").asText()).isEqualTo(CompletionsUpstream.TEXT);
        assertThat(upstream.chats()).isEqualTo(1);
        assertThat(gateway.hosted.arrivalNanos()).as("nothing reached the hosted API").isEmpty();
        assertThat(small.checked()).as("and still before the first check answered").isFalse();
    }
}
