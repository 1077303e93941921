package com.cascade4arm.routes.operator.rulesadmin;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * How dry-runs end, counted as {@code cascade_rules_dry_runs_total{outcome}}: completed, stopped because the client
 * left, stopped at the time budget, refused because another was running (429), or refused as invalid rules. Shows an
 * operator whether clients give up on dry-runs or queue behind each other.
 */
final class DryRunOutcomes {
    static final String COMPLETED = "completed";
    static final String CLIENT_GONE = "client_gone";
    static final String TIMED_OUT = "timed_out";
    static final String BUSY = "busy";
    static final String INVALID = "invalid";

    private final MeterRegistry registry;

    DryRunOutcomes(MeterRegistry registry) {
        this.registry = registry;
    }

    void count(String outcome) {
        Counter.builder("cascade.rules.dry_runs").description("Dry-runs of candidate rules by how they ended")
                .tag("outcome", outcome).register(registry).increment();
    }
}
