package com.cascade4arm.routes.operator.console;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.http.Json;

import com.cascade4arm.routes.config.TierSettings;
import com.cascade4arm.routes.serving.cost.CostConfig;
import com.cascade4arm.routes.serving.routing.PromptCategory;
import com.cascade4arm.routes.serving.routing.RoutingService;

import java.net.URI;
import java.util.List;
import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.CONSOLE_TEXT;

/** {@code GET /api/console}: what the console shows about the systems it compares (reads run summaries: workers). */
public final class ConsoleRoutes extends ApiRoutes {
    public static final String PATH = "/api/console";
    private final ConsoleApi api;

    /** {@code tiers} and {@code baselineUrl} (may be null): the model servers whose facts the console shows. */
    public ConsoleRoutes(ConsoleSettings settings, BenchmarkService bench, List<TierSettings> tiers, URI baselineUrl,
                         RoutingService routing, CostConfig cost, ModelFactsProbe probe, ExecutorService workers) {
        super(workers);
        this.api = new ConsoleApi(settings, bench, tiers, baselineUrl, prompt -> PromptCategory.of(routing, prompt),
                cost, probe);
    }

    @Override
    public void configure() {
        onWorkers("GET", PATH, CONSOLE_TEXT).process(api::describe).marshal(Json.answer());
    }
}
