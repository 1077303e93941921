package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.RunAlreadyActiveException;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static com.cascade4arm.routes.RouteIds.BENCH_SCHEDULED;

/**
 * Runs the benchmark on a schedule when cascade.bench.schedule.enabled is true: a Camel timer for one gateway (the
 * route always exists and stays stopped when the schedule is off), or — with a shared store — Quartz's clustered job
 * store, so exactly one replica of the cluster fires each tick ({@link #clustered}; that route exists only when the
 * schedule is on, added once the database answers). A tick while a run is active logs and skips; no failure
 * escapes to Camel's error handler.
 */
public final class BenchScheduleRoute extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(BenchScheduleRoute.class);

    /** Quartz group of the cluster's scheduled benchmark (its trigger's key in the job store). */
    static final String QUARTZ_GROUP = "cascade4arm";

    private final BenchLauncher launcher;
    private final BenchSettings settings;
    private final String from;

    private BenchScheduleRoute(BenchLauncher launcher, BenchSettings settings, String from) {
        this.launcher = launcher;
        this.settings = settings;
        this.from = from;
    }

    /** One gateway: a timer in this process. */
    public static BenchScheduleRoute local(BenchLauncher launcher, BenchSettings settings) {
        return new BenchScheduleRoute(launcher, settings, "timer:" + BENCH_SCHEDULED + "?period="
                + settings.config().schedule().periodMs() + "&delay=" + settings.config().schedule().delayMs());
    }

    /**
     * Replicas sharing a database: one Quartz trigger in the clustered job store (the component named "quartz" must be
     * configured for it); non-concurrent ("stateful"), so a tick never overlaps the previous one's job.
     */
    public static BenchScheduleRoute clustered(BenchLauncher launcher, BenchSettings settings) {
        return new BenchScheduleRoute(launcher, settings, "quartz://" + QUARTZ_GROUP + "/" + BENCH_SCHEDULED
                + "?trigger.repeatInterval=" + settings.config().schedule().periodMs() + "&trigger.repeatCount=-1"
                + "&triggerStartDelay=" + settings.config().schedule().delayMs() + "&stateful=true");
    }

    @Override
    public void configure() {
        from(from)
                .routeId(BENCH_SCHEDULED)
                .autoStartup(settings.config().schedule().enabled())
                .process(exchange -> fire());
    }

    private void fire() {
        try {
            BenchLauncher.Started started = launcher.start(settings.scheduledConfig().withJudge(launcher.judgeByDefault()));
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
