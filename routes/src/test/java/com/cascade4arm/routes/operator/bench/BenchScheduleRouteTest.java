package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.routes.serving.upstream.UpstreamGets;
import com.cascade4arm.rules.RoutingRulebook;
import io.vertx.core.Vertx;
import org.apache.camel.Exchange;
import org.apache.camel.Produce;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.main.MainConfigurationProperties;
import org.apache.camel.test.main.junit5.CamelMainTest;
import org.apache.camel.test.main.junit5.Configure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static com.cascade4arm.routes.RouteIds.BENCH_SCHEDULED;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code bench-scheduled} route's own logic, without waiting for its timer: a tick arrives at {@code direct:}
 * and the test reads whether a run started, and that a tick which cannot start one fails nothing.
 */
@CamelMainTest(propertyPlaceholderFileName = "route-tests.properties",
        replaceRouteFromWith = BENCH_SCHEDULED + "=direct:" + BENCH_SCHEDULED)
class BenchScheduleRouteTest {
    /** A loopback port nothing listens on: a started run's requests fail at once. */
    private static final URI UNANSWERED = URI.create("http://127.0.0.1:1");

    /** Shared by the tests (runs stay on disk), so each counts the runs it added. */
    @TempDir
    static Path results;
    private final AtomicReference<URI> selfUrl = new AtomicReference<>();
    private Vertx vertx;
    private BenchLauncher launcher;

    @Produce("direct:" + BENCH_SCHEDULED)
    ProducerTemplate timer;

    @Configure
    protected void configure(MainConfigurationProperties configuration) {
        BenchSettings settings = BenchSettings.from(TestConfig.of(Map.of("cascade.bench.schedule.enabled", "true",
                "cascade.bench.schedule.prompts", "1", "cascade.bench.schedule.levels", "1",
                "cascade.bench.schedule.requests-per-level", "1", "cascade.bench.schedule.max-tokens", "4")),
                results);
        vertx = Vertx.vertx();
        BenchTargets targets = new BenchTargets(new UpstreamGets(vertx), selfUrl::get, null, 1_000, null,
                List.of(), ConfigBinding.defaults().cascade().cost());
        launcher = new BenchLauncher(settings, targets, new RulebookRoutingService(RoutingRulebook.defaults(), 1),
                LocalRunHistory::new, BenchHttp.on(vertx));
        configuration.addRoutesBuilder(BenchScheduleRoute.local(launcher, settings));
    }

    @AfterEach
    void closeLauncher() {
        launcher.close();
        vertx.close();
    }

    @Test
    void startsARunOnATick() {
        selfUrl.set(UNANSWERED);
        int before = launcher.history().list().size();

        Exchange tick = timer.send(exchange -> { });

        assertThat(tick.getException()).as("exception").isNull();
        assertThat(launcher.history().list()).as("runs").hasSize(before + 1);
    }

    @Test
    void skipsATickThatCannotStartARunWithoutFailing() {
        selfUrl.set(null); // the gateway's HTTP server is not bound yet
        int before = launcher.history().list().size();

        Exchange tick = timer.send(exchange -> { });

        assertThat(tick.getException()).as("exception").isNull();
        assertThat(launcher.history().list()).as("runs").hasSize(before);
    }
}
