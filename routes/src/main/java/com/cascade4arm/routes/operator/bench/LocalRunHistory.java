package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.RunSummary;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The runs of this gateway alone, from its results directory (cascade.store=files). */
public final class LocalRunHistory implements RunHistory {
    private final BenchmarkService service;

    public LocalRunHistory(BenchmarkService service) {
        this.service = service;
    }

    @Override
    public List<RunSummary> list() {
        return service.list();
    }

    @Override
    public Optional<RunSummary> status(String id) {
        return service.status(id);
    }

    @Override
    public Optional<String> rowsCsv(String id) {
        return service.rowsCsv(id);
    }

    @Override
    public Optional<String> turnsCsv(String id) {
        return service.turnsCsv(id);
    }

    @Override
    public boolean cancel(String id) {
        return service.cancel(id);
    }

    @Override
    public Optional<RunSummary> await(String id, Duration timeout) throws InterruptedException {
        return service.await(id, timeout);
    }
}
