package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.routes.serving.http.AdminAuth;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.http.Json;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.BENCH_CANCEL;
import static com.cascade4arm.routes.RouteIds.BENCH_LIST;
import static com.cascade4arm.routes.RouteIds.BENCH_AGGREGATES;
import static com.cascade4arm.routes.RouteIds.BENCH_ROWS;
import static com.cascade4arm.routes.RouteIds.BENCH_START;
import static com.cascade4arm.routes.RouteIds.BENCH_STATUS;
import static com.cascade4arm.routes.RouteIds.BENCH_TURNS;

/**
 * The benchmark API under /api/bench/runs: start (admin), list, status, rows.csv,
 * aggregates.csv (per system and level, with cost and $ per million output tokens), turns.csv (a multi-turn run's
 * turns, from the replica that ran it), cancel (admin). Reading is public;
 * the engine's exceptions become 400 (bad config) and 409 (a run is active, with its id). Run files are read and
 * written here, so these routes hop onto the worker pool ({@code threads()}); JSON in and out is camel-jackson's.
 */
public final class BenchRoutes extends ApiRoutes {
    public static final String RUNS_PATH = "/api/bench/runs";

    private final BenchApi api;
    private final AdminAuth admin;

    /** {@code limits}: the gateway's own prompt limits; a run asking for more (max_tokens) would fail every request. */
    public BenchRoutes(BenchLauncher launcher, AdminAuth admin, ChatRequestParser.Limits limits, ExecutorService workers) {
        super(workers);
        this.api = new BenchApi(launcher, limits);
        this.admin = admin;
    }

    @Override
    public void configure() {
        onWorkers("POST", RUNS_PATH, BENCH_START)
                .process(admin.only("starting a benchmark"))
                .process(Json.emptyBodyIsNull())
                .unmarshal(Json.tree())
                .process(api::start)
                .to("micrometer:counter:cascade.bench.start.requests")
                .marshal(Json.answer());

        onWorkers("GET", RUNS_PATH, BENCH_LIST)
                .process(api::list)
                .marshal(Json.answer());

        onWorkers("GET", RUNS_PATH + "/{id}", BENCH_STATUS)
                .process(api::status)
                .marshal(Json.answer());

        onWorkers("GET", RUNS_PATH + "/{id}/rows.csv", BENCH_ROWS)
                .process(api::rows);

        onWorkers("GET", RUNS_PATH + "/{id}/aggregates.csv", BENCH_AGGREGATES)
                .process(api::aggregates);

        onWorkers("GET", RUNS_PATH + "/{id}/turns.csv", BENCH_TURNS)
                .process(api::turns);

        onWorkers("DELETE", RUNS_PATH + "/{id}", BENCH_CANCEL)
                .process(admin.only("cancelling a benchmark"))
                .process(api::cancel)
                .marshal(Json.answer());
    }
}
