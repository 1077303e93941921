package com.cascade4arm.routes.serving.upstream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** An endpoint's time per request: the interval between completions while busy, averaged; idle time is not counted. */
class ServiceTimeTest {
    private static final long MS = 1_000_000;

    @Test
    void isUnknownUntilARequestCompleted() {
        assertThat(new ServiceTime().perRequestMs()).isNaN();
    }

    @Test
    void oneAtATimeItIsTheServiceTimeAndIdleGapsDoNotCount() {
        ServiceTime time = new ServiceTime();
        time.started(0, 0);
        time.completed(400 * MS);
        time.started(0, 10_000 * MS); // idle for 9.6 s: not part of any request's time
        time.completed(10_400 * MS);
        assertThat(time.perRequestMs()).isCloseTo(400, within(0.001));
    }

    @Test
    void inParallelItIsTheTimeBetweenCompletions() {
        ServiceTime time = new ServiceTime();
        time.started(0, 0); // four requests at once, each taking 400 ms, two slots: completions every 200 ms
        time.started(1, 0);
        time.started(2, 0);
        time.started(3, 0);
        time.completed(200 * MS);
        time.completed(400 * MS);
        time.completed(600 * MS);
        time.completed(800 * MS);
        assertThat(time.perRequestMs()).isCloseTo(200, within(0.001));
    }

    @Test
    void followsAChangeWithinAFewCompletions() {
        ServiceTime time = new ServiceTime();
        long now = 0;
        time.started(0, now);
        for (int i = 0; i < 5; i++) {
            now += 100 * MS;
            time.completed(now);
        }
        for (int i = 0; i < 10; i++) { // the endpoint slows down to 1 s per request
            now += 1000 * MS;
            time.completed(now);
        }
        assertThat(time.perRequestMs()).isGreaterThan(900);
    }

    @Test
    void anEndpointsExpectedWaitIsInFlightTimesItsTimePerRequest() {
        UpstreamEndpoint endpoint = new UpstreamEndpoint("small-0", java.net.URI.create("http://127.0.0.1:1"), null,
                io.github.resilience4j.circuitbreaker.CircuitBreaker.ofDefaults("small-0"));
        assertThat(endpoint.expectedWaitMs()).as("nothing measured: no wait assumed").isZero();
        endpoint.acquire();
        endpoint.release();
        endpoint.acquire();
        endpoint.acquire();
        double perRequest = endpoint.serviceTime().perRequestMs();
        assertThat(endpoint.expectedWaitMs()).isCloseTo(2 * perRequest, within(1e-9));
    }
}
