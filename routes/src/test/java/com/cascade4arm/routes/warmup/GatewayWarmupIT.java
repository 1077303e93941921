package com.cascade4arm.routes.warmup;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.TestConfig;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.cascade4arm.routes.testing.RoutesGateway;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The JIT warm-up: a throwaway gateway on an instant upstream runs the request path before the real one starts. */
class GatewayWarmupIT {
    private static CascadeConfig.Warmup warmup(String requests, String maxMs) {
        return TestConfig.of(Map.of("cascade.warmup.requests", requests, "cascade.warmup.max-ms", maxMs)).warmup();
    }

    @Test
    void sendsEveryRequestThroughBothTiersOfAThrowawayGatewayAndLeavesNothingBehind() {
        GatewayWarmup.Result result = GatewayWarmup.run(warmup("40", "120_000"), new Properties(), () -> false);

        assertThat(result.sent()).isEqualTo(40);
        assertThat(result.answered()).isEqualTo(40);
        assertThat(result.upstreamRequests()).as("every request reached the instant upstream through the routes").isEqualTo(40);
        assertThat(result.routes()).as("the rulebook chose both tiers").containsExactly("large", "small");
        assertThat(Files.exists(result.stateDir())).as("its rules and runs were temporary").isFalse();
    }

    @Test
    void stopsAtItsTimeLimitWhateverTheCount() {
        GatewayWarmup.Result result = GatewayWarmup.run(warmup("1_000_000", "1"), new Properties(), () -> false);

        assertThat(result.sent()).isZero();
    }

    @Test
    void stopsWhenToldItHasDoneEnough() {
        AtomicInteger asked = new AtomicInteger();
        GatewayWarmup.Result result = GatewayWarmup.run(warmup("1_000_000", "120_000"), new Properties(),
                () -> asked.incrementAndGet() > 10);

        assertThat(result.sent()).isEqualTo(10);
        assertThat(result.answered()).isEqualTo(10);
    }

    @Test
    void warmsUpBeforeTheRealGatewayServesWithoutTouchingItsUpstreamsOrMeters() {
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger logger = (Logger) LoggerFactory.getLogger(GatewayWarmup.class);
        logger.addAppender(log);
        try (RoutesGateway gateway = RoutesGateway.builder().property("cascade.warmup.requests", "30").start()) {
            assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage)
                    .anySatisfy(line -> assertThat(line).startsWith("JIT warm-up: 30 of 30 chat requests (30 answered, tiers [large, small])"));
            assertThat(gateway.small.chatRequestCount() + gateway.large.chatRequestCount())
                    .as("the real pools saw none of the warm-up").isZero();
            assertThat(gateway.metric("gen_ai_client_operation_duration_seconds_count")).as("nor did its meters").isZero();

            assertThat(gateway.chat("hello").statusCode()).isEqualTo(200);
            assertThat(gateway.small.chatRequestCount() + gateway.large.chatRequestCount()).isEqualTo(1);
            assertThat(gateway.metric("gen_ai_client_operation_duration_seconds_count")).isEqualTo(1);
        } finally {
            logger.detachAppender(log);
        }
    }
}
