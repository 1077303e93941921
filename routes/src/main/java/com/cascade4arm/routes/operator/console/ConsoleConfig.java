package com.cascade4arm.routes.operator.console;

import com.cascade4arm.routes.config.CascadeConfig;

import java.util.Optional;

/**
 * The console's text keys {@code cascade.console.*} (part of {@link CascadeConfig}); all optional: their defaults
 * describe this machine, the embedded demo models and the configured hosted model ({@link ConsoleSettings}).
 */
public interface ConsoleConfig {
    SystemKeys cascade();

    SystemKeys baseline();

    SystemKeys hosted();

    Explanation explanation();

    Benchmark benchmark();

    interface SystemKeys {
        Optional<String> hardware();

        Optional<String> model();

        Optional<String> tagline();
    }

    interface Explanation {
        Optional<String> title();

        Optional<String> text();
    }

    interface Benchmark {
        Optional<String> text();
    }
}
