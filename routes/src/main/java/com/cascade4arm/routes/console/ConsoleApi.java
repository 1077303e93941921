package com.cascade4arm.routes.console;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.LevelAggregate;
import com.cascade4arm.bench.runner.RunStatus;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.routes.bench.BenchTargets;
import com.cascade4arm.routes.http.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /api/console}: the console's configured text ({@link ConsoleSettings}), the suite's categories with an
 * example each, and the baseline's measured speed (from the newest finished benchmark run) for time estimates.
 */
final class ConsoleApi {

    private final ConsoleSettings settings;
    private final BenchmarkService bench;
    private final PromptSuite suite = PromptSuite.load();

    ConsoleApi(ConsoleSettings settings, BenchmarkService bench) {
        this.settings = settings;
        this.bench = bench;
    }

    void describe(Exchange exchange) {
        ObjectNode body = Json.object();
        body.putObject("explanation").put("title", settings.explanationTitle()).put("text", settings.explanationText());
        body.put("benchmark_text", settings.benchmarkText());
        ObjectNode systems = body.putObject("systems");
        system(systems, "cascade", settings.cascade());
        system(systems, "baseline", settings.baseline());
        system(systems, "hosted", settings.hosted());
        ArrayNode categories = body.putArray("suite");
        for (String category : PromptSuite.CATEGORIES) {
            List<Prompt> prompts = suite.byCategory(category);
            categories.addObject().put("category", category).put("prompts", prompts.size())
                    .put("expected_route", prompts.get(0).expectedRoute()).put("example", prompts.get(0).prompt());
        }
        baselineSpeed().ifPresentOrElse(speed -> body.putObject("baseline_speed")
                        .put("tok_per_s", speed.aggregate().tokPerS()).put("level", speed.aggregate().level())
                        .put("run_id", speed.runId()).put("max_tokens", speed.maxTokens()),
                () -> body.putNull("baseline_speed"));
        exchange.getMessage().setBody(body);
    }

    private static void system(ObjectNode systems, String id, ConsoleSettings.SystemText text) {
        systems.putObject(id).put("hardware", text.hardware()).put("model", text.model()).put("tagline", text.tagline());
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
