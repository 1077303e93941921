package com.cascade4arm.routes.bench;

import com.cascade4arm.bench.runner.RunAlreadyActiveException;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static com.cascade4arm.routes.RouteIds.BENCH_SCHEDULED;

/**
 * Runs the benchmark on a timer when cascade.bench.schedule.enabled is true (the route exists but stays stopped
 * otherwise). A tick while a run is active logs and skips; no failure escapes to Camel's error handler.
 */
public final class BenchScheduleRoute extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(BenchScheduleRoute.class);

    private final BenchLauncher launcher;
    private final BenchSettings settings;

    public BenchScheduleRoute(BenchLauncher launcher, BenchSettings settings) {
        this.launcher = launcher;
        this.settings = settings;
    }

    @Override
    public void configure() {
        from("timer:" + BENCH_SCHEDULED + "?period=" + settings.schedulePeriodMs() + "&delay=" + settings.scheduleDelayMs())
                .routeId(BENCH_SCHEDULED)
                .autoStartup(settings.scheduleEnabled())
                .process(exchange -> fire());
    }

    private void fire() {
        try {
            BenchLauncher.Started started = launcher.start(settings.scheduledConfig());
            LOG.info("Scheduled benchmark run {} started ({} requests)", started.id(), started.total());
        } catch (RunAlreadyActiveException e) {
            LOG.info("Scheduled benchmark skipped: run {} is still active", e.runningId());
        } catch (IllegalStateException e) {
            LOG.info("Scheduled benchmark skipped: {}", e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("Scheduled benchmark could not start: {}", e.toString());
        }
    }
}
