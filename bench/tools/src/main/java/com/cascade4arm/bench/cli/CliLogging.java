package com.cascade4arm.bench.cli;

/**
 * Points logback at the bench tools' quiet config when they run as commands (not named logback.xml, so the gateway
 * that embeds this module keeps its own). Call first in main, before any logger exists.
 */
public final class CliLogging {
    private CliLogging() {
    }

    public static void configure() {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "logback-bench.xml");
        }
    }
}
