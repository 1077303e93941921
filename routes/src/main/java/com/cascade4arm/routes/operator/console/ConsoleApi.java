package com.cascade4arm.routes.operator.console;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.LevelAggregate;
import com.cascade4arm.bench.runner.RunStatus;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.routes.operator.bench.BenchTargets;
import com.cascade4arm.routes.config.TierSettings;
import com.cascade4arm.routes.serving.cost.CostConfig;
import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;

import java.net.URI;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /api/console}: the console's configured text ({@link ConsoleSettings}), what each system's model servers
 * report about their models ({@link ModelFacts}), the suite's categories with an example each, and the baseline's measured speed (from the newest finished benchmark run) for time estimates.
 */
final class ConsoleApi {

    private final ConsoleSettings settings;
    private final BenchmarkService bench;
    private final List<TierSettings> tiers;
    private final URI baselineUrl;
    private final ModelFactsProbe probe;
    private final PromptSuite suite = PromptSuite.load();

    private final Function<String, String> categoryOf;
    private final CostConfig cost;

    /**
     * {@code tiers}: the cascade's model servers; {@code baselineUrl}: the baseline's (null when none);
     * {@code categoryOf}: the active rulebook's category of a prompt (each category's example is one the rulebook
     * puts in that category, so it routes for the reason its label says).
     */
    ConsoleApi(ConsoleSettings settings, BenchmarkService bench, List<TierSettings> tiers, URI baselineUrl,
               Function<String, String> categoryOf, CostConfig cost, ModelFactsProbe probe) {
        this.probe = probe;
        this.categoryOf = categoryOf;
        this.cost = cost;
        this.settings = settings;
        this.bench = bench;
        this.tiers = List.copyOf(tiers);
        this.baselineUrl = baselineUrl;
    }

    void describe(Exchange exchange) {
        ObjectNode body = Json.object();
        body.putObject("explanation").put("title", settings.explanationTitle()).put("text", settings.explanationText());
        body.put("benchmark_text", settings.benchmarkText());
        ObjectNode systems = body.putObject("systems");
        system(systems, "cascade", settings.cascade(), tiers.stream().filter(t -> !t.urls().isEmpty())
                .map(t -> probe.read(t.name(), t.urls().get(0), t.apiKey())).toList());
        system(systems, "baseline", settings.baseline(), baselineUrl == null ? List.of()
                : List.of(probe.read("baseline", baselineUrl, null)));
        ConsoleSettings.SystemText hosted = settings.hosted();
        systems.putObject("hosted").put("hardware", hosted.hardware()).put("model", hosted.description())
                .put("description", hosted.description()).put("tagline", hosted.tagline()).putArray("models");
        body.putObject("cost").put("cascade_usd_per_hour", cost.cascadeUsdPerHour())
                .put("baseline_usd_per_hour", cost.baselineUsdPerHour()).put("prices_as_of", cost.pricesAsOf());
        ArrayNode categories = body.putArray("suite");
        for (String category : PromptSuite.CATEGORIES) {
            List<Prompt> prompts = suite.byCategory(category);
            Prompt example = prompts.stream().filter(p -> category.equals(categoryOf.apply(p.prompt()))).findFirst()
                    .orElse(prompts.get(0));
            categories.addObject().put("category", category).put("prompts", prompts.size())
                    .put("expected_route", example.expectedRoute()).put("example", example.prompt());
        }
        baselineSpeed().ifPresentOrElse(speed -> body.putObject("baseline_speed")
                        .put("tok_per_s", speed.aggregate().tokPerS()).put("level", speed.aggregate().level())
                        .put("run_id", speed.runId()).put("max_tokens", speed.maxTokens()),
                () -> body.putNull("baseline_speed"));
        exchange.getMessage().setBody(body);
    }

    /**
     * One system: {@code model} is composed from what its servers report ("small: demo-0.5b-gen3 · Q4_0 · …"), the
     * configured text only stands beside it as {@code description}; {@code models} lists each server's facts.
     */
    private static void system(ObjectNode systems, String id, ConsoleSettings.SystemText text, List<ModelFacts> facts) {
        ObjectNode system = systems.putObject(id).put("hardware", text.hardware())
                .put("model", facts.stream().map(f -> facts.size() > 1 ? f.name() + ": " + f.summary() : f.summary())
                        .collect(Collectors.joining(" + ")))
                .put("engine", facts.stream().map(ModelFacts::engine).filter(Objects::nonNull).distinct()
                        .collect(Collectors.joining(", ")))
                .put("description", text.description()).put("tagline", text.tagline());
        system.set("models", Json.MAPPER.valueToTree(facts.stream().map(ConsoleApi::factsJson).toList()));
    }

    private static Map<String, Object> factsJson(ModelFacts f) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", f.name());
        json.put("engine", f.engine());
        json.put("model", f.model());
        json.put("quantization", f.quantization());
        json.put("parameters", f.parameters());
        json.put("context_tokens", f.contextTokens());
        json.put("slots", f.slots());
        json.put("error", f.error());
        return json;
    }

    private record Speed(String runId, int maxTokens, LevelAggregate aggregate) {
    }

    /** The baseline's aggregate tok/s at the lowest level of the newest run that measured it (one request at a time). */
    private Optional<Speed> baselineSpeed() {
        for (RunSummary run : bench.list()) {
            if (run.status() == RunStatus.RUNNING || run.aggregates() == null) {
                continue;
            }
            Optional<LevelAggregate> lowest = run.aggregates().stream()
                    .filter(a -> a.target().equals(BenchTargets.BASELINE) && a.ok() > 0 && a.tokPerS() > 0)
                    .min(Comparator.comparingInt(LevelAggregate::level));
            if (lowest.isPresent()) {
                return Optional.of(new Speed(run.id(), run.config().maxTokens(), lowest.get()));
            }
        }
        return Optional.empty();
    }
}
