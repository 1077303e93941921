package com.cascade4arm.bench.runner;

import java.util.List;

/** A run as persisted: its summary and every request row. */
public record StoredRun(RunSummary summary, List<RequestRow> rows) {
}
