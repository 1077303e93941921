package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.InvalidBenchConfigException;
import com.cascade4arm.bench.runner.RunStatus;
import com.cascade4arm.bench.runner.RunSummary;
import picocli.CommandLine;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code java -jar bench.jar --url http://127.0.0.1:8080 [--baseline-url URL --baseline-model ID] ...}: runs the
 * benchmark engine against a gateway (and optionally a baseline), shows progress on stderr, prints the report.
 * Exit codes: 0 done, 1 failed, 2 bad arguments, 3 partial or cancelled.
 */
public final class BenchCli {

    static final int EXIT_OK = Arguments.EXIT_OK;
    static final int EXIT_FAILED = 1;
    static final int EXIT_USAGE = Arguments.EXIT_USAGE;
    static final int EXIT_INCOMPLETE = 3;
    private static final Duration DEADLINE_SLACK = Duration.ofSeconds(60);
    private static final Duration CANCEL_WAIT = Duration.ofSeconds(10);

    private BenchCli() {
    }

    public static void main(String[] args) throws InterruptedException {
        com.cascade4arm.bench.cli.CliLogging.configure();
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the CLI; returns the exit code instead of exiting (so tests can call it). */
    static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        CliOptions options = new CliOptions();
        int parsed = Arguments.parse(new CommandLine(options), args, options::config, out, err); // config() checks the values
        if (parsed != Arguments.RUN) {
            return parsed;
        }
        BenchConfig config = options.config();
        BenchmarkService service = new BenchmarkService(options.outDir);
        ProgressBar bar = new ProgressBar(err, config.multiTurn());
        String id;
        try {
            id = service.start(config, options.metadata(), bar);
        } catch (InvalidBenchConfigException e) {
            err.println("error: " + e.getMessage());
            return EXIT_USAGE;
        }
        Thread cancelOnInterrupt = new Thread(() -> cancel(service, id));
        Runtime.getRuntime().addShutdownHook(cancelOnInterrupt);
        RunSummary summary = service.await(id, Duration.ofSeconds(config.deadlineSeconds())
                .plus(DEADLINE_SLACK)).orElseThrow();
        removeHook(cancelOnInterrupt);
        bar.finish();
        Path runDir = service.store().runDirectory(id).orElse(options.outDir.resolve(id));
        ReportPrinter.print(summary, runDir, out);
        return summary.status() == RunStatus.DONE ? EXIT_OK
                : summary.status() == RunStatus.FAILED ? EXIT_FAILED : EXIT_INCOMPLETE;
    }

    private static void cancel(BenchmarkService service, String id) {
        if (service.cancel(id)) {
            try {
                service.await(id, CANCEL_WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting; the hook runs anyway
        }
    }
}
