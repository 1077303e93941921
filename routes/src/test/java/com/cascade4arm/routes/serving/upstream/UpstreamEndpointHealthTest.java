package com.cascade4arm.routes.serving.upstream;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** An endpoint's health before and after its first check: not checked yet is healthy-unknown, not down. */
class UpstreamEndpointHealthTest {
    private static UpstreamEndpoint endpoint(String name) {
        return new UpstreamEndpoint(name, URI.create("http://127.0.0.1:9100"), null, CircuitBreaker.ofDefaults(name));
    }

    @Test
    void anEndpointNotCheckedYetMayTakeRequestsButIsNotKnownHealthy() {
        UpstreamEndpoint fresh = endpoint("small-0");
        UpstreamPool pool = new UpstreamPool("small", List.of(fresh));

        assertThat(fresh.checked()).isFalse();
        assertThat(fresh.healthy()).as("readiness waits for a check that said ok").isFalse();
        assertThat(fresh.available()).isTrue();
        assertThat(pool.anyAvailable()).as("overflow does not see the tier as unavailable").isTrue();
        assertThat(pool.candidates()).containsExactly(fresh);
    }

    @Test
    void aFailedCheckOrAnOpenBreakerMakesItUnavailable() {
        UpstreamEndpoint failedCheck = endpoint("small-0");
        failedCheck.markHealth(false, "unreachable");
        UpstreamEndpoint openBreaker = endpoint("small-1");
        openBreaker.breaker().transitionToOpenState();

        assertThat(failedCheck.checked()).isTrue();
        assertThat(failedCheck.available()).isFalse();
        assertThat(openBreaker.available()).as("failed calls opened its breaker").isFalse();
        assertThat(new UpstreamPool("small", List.of(failedCheck, openBreaker)).anyAvailable()).isFalse();
    }

    @Test
    void aCheckThatSaidOkMakesItHealthy() {
        UpstreamEndpoint ok = endpoint("small-0");
        ok.markHealth(true, "ok");

        assertThat(ok.checked()).isTrue();
        assertThat(ok.healthy()).isTrue();
        assertThat(ok.available()).isTrue();
    }
}
