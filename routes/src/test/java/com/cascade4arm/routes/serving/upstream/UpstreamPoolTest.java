package com.cascade4arm.routes.serving.upstream;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which endpoints of a pool a request may try, and in what order. */
class UpstreamPoolTest {
    private static UpstreamPool pool(int endpoints) {
        List<UpstreamEndpoint> list = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            UpstreamEndpoint endpoint = new UpstreamEndpoint("small-" + i, URI.create("http://127.0.0.1:" + (9100 + i)),
                    null, CircuitBreaker.ofDefaults("small-" + i));
            endpoint.markHealth(true, "ok");
            list.add(endpoint);
        }
        return new UpstreamPool("small", list);
    }

    private static List<String> names(List<UpstreamEndpoint> endpoints) {
        return endpoints.stream().map(UpstreamEndpoint::name).toList();
    }

    @Test
    void rotatesTheFirstChoiceAmongEquallyBusyEndpoints() {
        UpstreamPool pool = pool(3);

        assertThat(names(pool.candidates())).containsExactly("small-0", "small-1", "small-2");
        assertThat(names(pool.candidates())).containsExactly("small-1", "small-2", "small-0");
        assertThat(names(pool.candidates())).containsExactly("small-2", "small-0", "small-1");
    }

    @Test
    void putsTheLeastBusyEndpointFirst() {
        UpstreamPool pool = pool(3);
        pool.endpoints().get(0).acquire();
        pool.endpoints().get(0).acquire();
        pool.endpoints().get(1).acquire();

        assertThat(names(pool.candidates())).containsExactly("small-2", "small-1", "small-0");
    }

    @Test
    void leavesOutEndpointsThatAreUnhealthyOrWhoseBreakerIsOpen() {
        UpstreamPool pool = pool(3);
        pool.endpoints().get(0).markHealth(false, "loading model");
        pool.endpoints().get(2).breaker().transitionToOpenState();

        assertThat(names(pool.candidates())).containsExactly("small-1");
        assertThat(pool.anyAvailable()).isTrue();

        pool.endpoints().get(1).breaker().transitionToForcedOpenState();
        assertThat(pool.candidates()).isEmpty();
        assertThat(pool.anyAvailable()).isFalse();
    }

    @Test
    void triesAnEndpointAgainOnceItsBreakerLetsTrialCallsThrough() {
        UpstreamPool pool = pool(1);
        pool.endpoints().get(0).breaker().transitionToOpenState();
        assertThat(pool.candidates()).isEmpty();

        pool.endpoints().get(0).breaker().transitionToHalfOpenState();

        assertThat(names(pool.candidates())).containsExactly("small-0");
    }

    @Test
    void refusesAPoolWithoutEndpointsNamingIt() {
        assertThatThrownBy(() -> new UpstreamPool("large", List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pool large");
    }
}
