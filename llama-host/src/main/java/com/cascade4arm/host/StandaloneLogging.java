package com.cascade4arm.host;

/**
 * Points logback at the hosts' own config when they run as processes. It is not named logback.xml so that, embedded
 * in the gateway, it never competes with the gateway's configuration. Must run before the first logger is created.
 */
public final class StandaloneLogging {
    static final String CONFIG_RESOURCE = "logback-standalone.xml";

    private StandaloneLogging() {
    }

    public static void configure() {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", CONFIG_RESOURCE);
        }
    }
}
