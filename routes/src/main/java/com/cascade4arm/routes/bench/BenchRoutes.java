package com.cascade4arm.routes.bench;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.InvalidBenchConfigException;
import com.cascade4arm.bench.runner.RunAlreadyActiveException;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.routes.chat.PromptLimits;
import com.cascade4arm.routes.http.AdminAuth;
import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.ErrorsConfiguration;
import com.cascade4arm.routes.http.HttpContext;
import com.cascade4arm.routes.http.HttpIngress;
import com.cascade4arm.routes.http.Json;
import com.cascade4arm.routes.http.OpenAiErrors;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;

import java.time.Duration;

import static com.cascade4arm.routes.RouteIds.BENCH_CANCEL;
import static com.cascade4arm.routes.RouteIds.BENCH_LIST;
import static com.cascade4arm.routes.RouteIds.BENCH_ROWS;
import static com.cascade4arm.routes.RouteIds.BENCH_START;
import static com.cascade4arm.routes.RouteIds.BENCH_STATUS;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * The benchmark API under /api/bench/runs: start (admin), list, status, rows.csv, cancel (admin). Reading is public;
 * the engine's exceptions become 400 (bad config) and 409 (a run is active, with its id).
 */
public final class BenchRoutes extends RouteBuilder {
    public static final String RUNS_PATH = "/api/bench/runs";
    /** How long a cancel waits for the run to write its final summary before answering with the live state. */
    static final Duration CANCEL_WAIT = Duration.ofSeconds(10);
    private static final String ID_HEADER = "id";

    private final BenchLauncher launcher;
    private final BenchmarkService service;
    private final AdminAuth admin;

    private final PromptLimits limits;

    /** {@code limits}: the gateway's own prompt limits; a run asking for more (max_tokens) would fail every request. */
    public BenchRoutes(BenchLauncher launcher, AdminAuth admin, PromptLimits limits) {
        this.limits = limits;
        this.launcher = launcher;
        this.service = launcher.service();
        this.admin = admin;
    }

    @Override
    public void configure() {
        from(direct(BENCH_START)).routeId(BENCH_START).routeConfigurationId(ErrorsConfiguration.ID).process(this::start);
        from(direct(BENCH_LIST)).routeId(BENCH_LIST).routeConfigurationId(ErrorsConfiguration.ID).process(this::list);
        from(direct(BENCH_STATUS)).routeId(BENCH_STATUS).routeConfigurationId(ErrorsConfiguration.ID).process(this::status);
        from(direct(BENCH_ROWS)).routeId(BENCH_ROWS).routeConfigurationId(ErrorsConfiguration.ID).process(this::rows);
        from(direct(BENCH_CANCEL)).routeId(BENCH_CANCEL).routeConfigurationId(ErrorsConfiguration.ID).process(this::cancel);
    }

    private void start(Exchange exchange) {
        admin.require(authorization(exchange), "starting a benchmark");
        Message message = exchange.getMessage();
        BenchLauncher.Started started;
        try {
            BenchConfig config = BenchRequestParser.parse(message.getBody(byte[].class));
            limits.checkMaxTokens(config.maxTokens()); // what the gateway would refuse, the run refuses up front
            started = launcher.start(config);
        } catch (InvalidBenchConfigException e) {
            throw ApiException.badRequest("invalid_bench_config", e.getMessage());
        } catch (RunAlreadyActiveException e) {
            ObjectNode body = OpenAiErrors.body(e.getMessage(), "conflict_error", "run_active");
            body.put("running_id", e.runningId());
            message.setHeader(Exchange.HTTP_RESPONSE_CODE, 409);
            message.setBody(body);
            return;
        } catch (IllegalStateException e) {
            throw ApiException.unavailable("cannot start a benchmark yet: " + e.getMessage());
        }
        ObjectNode body = Json.object().put("id", started.id()).put("status", "running").put("total", started.total());
        started.targets().forEach(body.withArray("targets")::add);
        if (!launcher.hasBaseline()) {
            body.put("note", "no baseline configured (cascade.baseline.url): the run measures the cascade only");
        }
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, 202);
        message.setHeader(HttpIngress.RESPONSE_HEADER_PREFIX + "Location", RUNS_PATH + "/" + started.id());
        message.setBody(body);
    }

    private void list(Exchange exchange) {
        ObjectNode body = Json.object().put("object", "list");
        body.set("data", Json.MAPPER.valueToTree(service.list()));
        exchange.getMessage().setBody(body);
    }

    private void status(Exchange exchange) {
        exchange.getMessage().setBody(Json.MAPPER.valueToTree(existing(runId(exchange))));
    }

    private void rows(Exchange exchange) {
        String id = runId(exchange);
        String csv = service.rowsCsv(id).orElseThrow(() -> notFound(id));
        Message message = exchange.getMessage();
        message.setHeader(Exchange.CONTENT_TYPE, "text/csv; charset=utf-8");
        message.setHeader(HttpIngress.RESPONSE_HEADER_PREFIX + "Content-Disposition",
                "attachment; filename=\"" + id + "-rows.csv\"");
        message.setBody(csv);
    }

    private void cancel(Exchange exchange) throws InterruptedException {
        admin.require(authorization(exchange), "cancelling a benchmark");
        String id = runId(exchange);
        RunSummary before = existing(id);
        if (!service.cancel(id)) {
            throw new ApiException(409, "conflict_error", "run_not_running",
                    "benchmark run " + id + " is not running (status " + before.status().wire() + ")");
        }
        RunSummary after = service.await(id, CANCEL_WAIT).orElse(before);
        exchange.getMessage().setBody(Json.MAPPER.valueToTree(after));
    }

    private RunSummary existing(String id) {
        return service.status(id).orElseThrow(() -> notFound(id));
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("run_not_found", "no benchmark run with id '" + id + "'");
    }

    private static String runId(Exchange exchange) {
        return exchange.getMessage().getHeader(ID_HEADER, String.class);
    }

    private static String authorization(Exchange exchange) {
        HttpContext http = exchange.getProperty(HttpContext.PROPERTY, HttpContext.class);
        return http == null ? null : http.header("Authorization");
    }
}
