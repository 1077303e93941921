package com.cascade4arm.app;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.cascade4arm.routes.warmup.GatewayWarmup;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.testing.http.HttpTestClient;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application's own bootstrap through the harness on application.properties as shipped — embedded hosts on the
 * engine it picks, JIT warm-up on, edge limits, metrics cache and drain as shipped — where every other in-process test
 * (TestGateway) overrides some of them. QuickStartIT starts the packaged jar the same way from outside.
 */
class ShippedDefaultsIT {
    /** Loading the three embedded demo models on a busy 2-core machine (as TestGateway). */
    private static final Duration EMBEDDED_READY_WITHIN = Duration.ofMinutes(4);

    @Test
    void applicationBootsOnShippedDefaultsWarmsUpAndAnswers() {
        ListAppender<ILoggingEvent> warmupLog = new ListAppender<>();
        warmupLog.start();
        Logger warmupLogger = (Logger) LoggerFactory.getLogger(GatewayWarmup.class);
        warmupLogger.addAppender(warmupLog);
        try (GatewayHarness<GatewayBootstrap> gateway = GatewayHarness.shipped(new GatewayBootstrap(), CascadeApp.class)
                .readyWithin(EMBEDDED_READY_WITHIN).start()) {
            assertThat(gateway.main().getOverrideProperties().stringPropertyNames())
                    .as("what the harness set beyond application.properties")
                    .containsExactlyInAnyOrder("camel.server.port", "cascade.data-dir");
            assertThat(warmupLog.list).extracting(ILoggingEvent::getFormattedMessage).as("the shipped warm-up ran once")
                    .singleElement().asString().startsWith("JIT warm-up: ");

            HttpTestClient.Response plain = gateway.http().post("/v1/chat/completions",
                    HttpTestClient.chat("What is the capital of France?", 8, false));
            assertThat(plain.status()).as(plain.body()).isEqualTo(200);
            assertThat(plain.json().path("choices").path(0).path("message").path("content").asText()).isNotBlank();
            HttpTestClient.Stream stream = gateway.http().stream(HttpTestClient.chat("Hi there", 8, true));
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.contentEvents()).as("streamed content").isNotEmpty();
        } finally {
            warmupLogger.detachAppender(warmupLog);
        }
    }
}
