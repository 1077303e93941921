package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.InvalidBenchConfigException;
import com.cascade4arm.bench.runner.RunAlreadyActiveException;
import com.cascade4arm.bench.runner.Csv;
import com.cascade4arm.bench.runner.LevelAggregate;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

import java.time.Duration;
import java.util.List;

/**
 * The benchmark API's steps behind {@link BenchRoutes}: each reads the request from the exchange (a JSON tree from
 * camel-jackson, the run id as a header) and leaves the answer as the body (and a status when it is not 200).
 */
final class BenchApi {
    /** How long a cancel waits for the run to write its final summary before answering with the live state. */
    static final Duration CANCEL_WAIT = Duration.ofSeconds(10);
    private static final String ID_HEADER = "id";

    private final BenchLauncher launcher;
    private final RunHistory service;

    /** {@code 202 {id, status, total, targets, note?}}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RunStarted(String id, String status, int total, List<String> targets, String note) {
    }

    private final ChatRequestParser.Limits limits;

    BenchApi(BenchLauncher launcher, ChatRequestParser.Limits limits) {
        this.launcher = launcher;
        this.limits = limits;
        this.service = launcher.history();
    }

    void start(Exchange exchange) {
        Message message = exchange.getMessage();
        BenchLauncher.Started started;
        try {
            BenchConfig config = BenchRequestParser.parse(message.getBody(JsonNode.class), launcher.judgeByDefault());
            limits.checkMaxTokens(config.maxTokens()); // what the gateway would refuse, the run refuses up front
            started = launcher.start(config);
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
        message.setHeader("Response-Location", BenchRoutes.RUNS_PATH + "/" + started.id());
        message.setBody(new RunStarted(started.id(), "running", started.total(), started.targets(),
                launcher.hasBaseline() ? null : "no baseline configured (cascade.baseline.url): the run measures the cascade only"));
    }

    void rows(Exchange exchange) {
        String id = runId(exchange);
        String csv = service.rowsCsv(id).orElseThrow(() -> notFound(id));
        Message message = exchange.getMessage();
        message.setHeader(Exchange.CONTENT_TYPE, "text/csv; charset=utf-8");
        message.setHeader("Response-Content-Disposition", "attachment; filename=\"" + id + "-rows.csv\"");
        message.setBody(csv);
    }

    /**
     * A multi-turn run's turns as CSV (turns.csv: prompt tokens, cached tokens, endpoint, prefix affinity per turn),
     * from any replica with a shared store, as rows.csv and the summary.
     */
    void turns(Exchange exchange) {
        String id = runId(exchange);
        String csv = service.turnsCsv(id).orElseThrow(() -> ApiError.notFound("turns_not_found",
                "no turns.csv for benchmark run '" + id + "': only runs of the conversations suite have one"));
        Message message = exchange.getMessage();
        message.setHeader(Exchange.CONTENT_TYPE, "text/csv; charset=utf-8");
        message.setHeader("Response-Content-Disposition", "attachment; filename=\"" + id + "-turns.csv\"");
        message.setBody(csv);
    }

    /** The completed levels per system as CSV (aggregates.csv): rates, latencies, cost and $ per million output tokens. */
    void aggregates(Exchange exchange) {
        String id = runId(exchange);
        RunSummary run = existing(id);
        StringBuilder csv = new StringBuilder(Csv.line(LevelAggregate.HEADER));
        (run.aggregates() == null ? List.<LevelAggregate>of() : run.aggregates())
                .forEach(a -> csv.append(Csv.line(a.csvFields())));
        Message message = exchange.getMessage();
        message.setHeader(Exchange.CONTENT_TYPE, "text/csv; charset=utf-8");
        message.setHeader("Response-Content-Disposition", "attachment; filename=\"" + id + "-aggregates.csv\"");
        message.setBody(csv.toString());
    }

    void cancel(Exchange exchange) throws InterruptedException {
        String id = runId(exchange);
        RunSummary before = existing(id);
        if (!service.cancel(id)) {
            throw new ApiError(409, "conflict_error", "run_not_running",
                    "benchmark run " + id + " is not running (status " + before.status().wire() + ")");
        }
        exchange.getMessage().setBody(PublicRuns.summary(service.await(id, CANCEL_WAIT).orElse(before)));
    }

    void list(Exchange exchange) {
        exchange.getMessage().setBody(PublicRuns.list(service.list()));
    }

    void status(Exchange exchange) {
        exchange.getMessage().setBody(PublicRuns.summary(existing(runId(exchange))));
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
