package com.cascade4arm.bench.cli;

import picocli.CommandLine;

import java.io.PrintStream;

/**
 * picocli's parse step, shared by the bench tools' mains so each behaves alike: {@code --help} prints the usage to
 * stdout; a bad argument (picocli's or one the tool's own check refuses with IllegalArgumentException) prints
 * {@code error: <what>} and the usage to stderr and means exit code 2.
 */
public final class Arguments {

    /** Returned by {@link #parse} when the options hold the arguments and the tool should run. */
    public static final int RUN = -1;
    public static final int EXIT_OK = 0;
    public static final int EXIT_USAGE = 2;

    private Arguments() {
    }

    /**
     * Fills {@code options} (picocli-annotated fields) and runs {@code check} on them, or exits the JVM after printing
     * the help or the error; {@code command} names the tool in the usage.
     */
    public static <T> T parseOrExit(T options, String command, String[] args, Runnable check) {
        int exit = parse(new CommandLine(options).setCommandName(command), args, check, System.out, System.err);
        if (exit != RUN) {
            System.exit(exit);
        }
        return options;
    }

    /** {@link #RUN}, or the exit code after printing the help ({@link #EXIT_OK}) or the error ({@link #EXIT_USAGE}). */
    public static int parse(CommandLine line, String[] args, Runnable check, PrintStream out, PrintStream err) {
        try {
            line.parseArgs(args);
            if (line.isUsageHelpRequested()) {
                line.usage(out);
                return EXIT_OK;
            }
            check.run();
            return RUN;
        } catch (CommandLine.ParameterException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            line.usage(err);
            return EXIT_USAGE;
        }
    }
}
