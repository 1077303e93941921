package com.cascade4arm.routes.bench;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.InvalidBenchConfigException;
import com.cascade4arm.bench.runner.RunAlreadyActiveException;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.http.AdminAuth;
import com.cascade4arm.routes.http.ApiRoutes;
import com.cascade4arm.routes.http.Json;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.BENCH_CANCEL;
import static com.cascade4arm.routes.RouteIds.BENCH_LIST;
import static com.cascade4arm.routes.RouteIds.BENCH_ROWS;
import static com.cascade4arm.routes.RouteIds.BENCH_START;
import static com.cascade4arm.routes.RouteIds.BENCH_STATUS;

/**
 * The benchmark API under /api/bench/runs: start (admin), list, status, rows.csv, cancel (admin). Reading is public;
 * the engine's exceptions become 400 (bad config) and 409 (a run is active, with its id). Run files are read and
 * written here, so these routes hop onto the worker pool ({@code threads()}); JSON in and out is camel-jackson's.
 */
public final class BenchRoutes extends ApiRoutes {
    public static final String RUNS_PATH = "/api/bench/runs";
    /** How long a cancel waits for the run to write its final summary before answering with the live state. */
    static final Duration CANCEL_WAIT = Duration.ofSeconds(10);
    private static final String ID_HEADER = "id";

    private final BenchLauncher launcher;
    private final BenchmarkService service;
    private final AdminAuth admin;

    public BenchRoutes(BenchLauncher launcher, AdminAuth admin, ExecutorService workers) {
        super(workers);
        this.launcher = launcher;
        this.service = launcher.service();
        this.admin = admin;
    }

    /** {@code 202 {id, status, total, targets, note?}}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RunStarted(String id, String status, int total, List<String> targets, String note) {
    }

    /** {@code {"object": "list", "data": [summary, …]}}. */
    public record RunList(String object, List<RunSummary> data) {
    }

    @Override
    public void configure() {
        onWorkers("POST", RUNS_PATH, BENCH_START)
                .process(admin.only("starting a benchmark"))
                .process(BenchRoutes::emptyBodyMeansDefaults)
                .unmarshal(Json.tree())
                .process(this::start)
                .to("micrometer:counter:cascade.bench.start.requests")
                .marshal(Json.answer());

        onWorkers("GET", RUNS_PATH, BENCH_LIST)
                .process(e -> e.getMessage().setBody(new RunList("list", service.list())))
                .marshal(Json.answer());

        onWorkers("GET", RUNS_PATH + "/{id}", BENCH_STATUS)
                .process(e -> e.getMessage().setBody(existing(runId(e))))
                .marshal(Json.answer());

        onWorkers("GET", RUNS_PATH + "/{id}/rows.csv", BENCH_ROWS)
                .process(this::rows);

        onWorkers("DELETE", RUNS_PATH + "/{id}", BENCH_CANCEL)
                .process(admin.only("cancelling a benchmark"))
                .process(this::cancel)
                .marshal(Json.answer());
    }


    /** An empty start body asks for every default. */
    private static void emptyBodyMeansDefaults(Exchange exchange) {
        String body = exchange.getMessage().getBody(String.class);
        if (body == null || body.isBlank()) {
            exchange.getMessage().setBody("null");
        }
    }

    private void start(Exchange exchange) {
        Message message = exchange.getMessage();
        BenchLauncher.Started started;
        try {
            started = launcher.start(BenchRequestParser.parse(message.getBody(JsonNode.class)));
        } catch (InvalidBenchConfigException e) {
            throw ApiError.badRequest("invalid_bench_config", e.getMessage());
        } catch (RunAlreadyActiveException e) {
            message.setHeader(Exchange.HTTP_RESPONSE_CODE, 409);
            message.setBody(ApiError.body(e.getMessage(), "conflict_error", "run_active").put("running_id", e.runningId()));
            return;
        } catch (IllegalStateException e) {
            throw ApiError.unavailable("cannot start a benchmark yet: " + e.getMessage());
        }
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, 202);
        message.setHeader("Response-Location", RUNS_PATH + "/" + started.id());
        message.setBody(new RunStarted(started.id(), "running", started.total(), started.targets(),
                launcher.hasBaseline() ? null : "no baseline configured (cascade.baseline.url): the run measures the cascade only"));
    }

    private void rows(Exchange exchange) {
        String id = runId(exchange);
        String csv = service.rowsCsv(id).orElseThrow(() -> notFound(id));
        Message message = exchange.getMessage();
        message.setHeader(Exchange.CONTENT_TYPE, "text/csv; charset=utf-8");
        message.setHeader("Response-Content-Disposition", "attachment; filename=\"" + id + "-rows.csv\"");
        message.setBody(csv);
    }

    private void cancel(Exchange exchange) throws InterruptedException {
        String id = runId(exchange);
        RunSummary before = existing(id);
        if (!service.cancel(id)) {
            throw new ApiError(409, "conflict_error", "run_not_running",
                    "benchmark run " + id + " is not running (status " + before.status().wire() + ")");
        }
        exchange.getMessage().setBody(service.await(id, CANCEL_WAIT).orElse(before));
    }

    private RunSummary existing(String id) {
        return service.status(id).orElseThrow(() -> notFound(id));
    }

    private static ApiError notFound(String id) {
        return ApiError.notFound("run_not_found", "no benchmark run with id '" + id + "'");
    }

    private static String runId(Exchange exchange) {
        return exchange.getMessage().getHeader(ID_HEADER, String.class);
    }
}
