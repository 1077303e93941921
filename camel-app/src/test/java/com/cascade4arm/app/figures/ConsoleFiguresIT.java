package com.cascade4arm.app.figures;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Every figure the console shows comes from facts, through the real gateway and its embedded llama-host demo hosts:
 * the model labels as the model servers report them, the examples' categories as the rulebook assigns them, and a
 * benchmark run's cost per system (instance price × wall time) and $ per million output tokens, baseline included.
 */
class ConsoleFiguresIT {
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void consoleLabelsTheModelsWithWhatTheirServersReport() {
        JsonNode console = http.get("/api/console").json();
        JsonNode systems = console.path("systems");
        assertThat(console.at("/cost/prices_as_of").asText()).as("dated prices").isNotBlank();
        Map<String, JsonNode> cascade = new LinkedHashMap<>();
        systems.at("/cascade/models").forEach(m -> cascade.put(m.path("name").asText(), m));

        assertThat(cascade).containsOnlyKeys("small", "large");
        assertThat(cascade.get("small").path("quantization").asText()).as("demo-0.5b is written as Q4_0").isEqualTo("Q4_0");
        assertThat(cascade.get("large").path("quantization").asText()).as("demo-1.5b is F32").isEqualTo("all F32");
        for (JsonNode model : cascade.values()) {
            assertThat(model.path("parameters").asLong()).as("%s", model).isPositive();
            assertThat(model.path("context_tokens").asInt()).as("%s", model).isPositive();
            assertThat(model.path("engine").asText()).as("%s", model).contains("llama");
            assertThat(model.path("error").isNull()).as("%s", model).isTrue();
        }
        assertThat(systems.at("/cascade/model").asText()).contains("Q4_0", "all F32", "parameters").doesNotContain("Q8_0");
        assertThat(systems.at("/baseline/models/0/quantization").asText()).isEqualTo("F16");
        assertThat(systems.at("/baseline/models/0/slots").asInt()).as("one request at a time").isEqualTo(1);
    }

    @Test
    void aRequestAloneOnTheCascadeIsChargedTheWholeInstanceForItsTimeNotASlotsFraction() {
        // A first request pays the routing path's class loading before it reaches a model (seconds, off the meter).
        http.post("/v1/chat/completions", HttpTestClient.chat("What is the capital of Italy?", 4, false));
        JsonNode cascade = http.post("/v1/chat/completions", HttpTestClient.chat("What is the capital of France?", 8, false))
                .json().path("cascade");
        double wholeBox = 0.15952 * cascade.path("total_ms").asDouble() / 3_600_000;

        // Its share runs from dispatch to the tier to its last token: most of total_ms (routing takes the rest), never
        // the quarter a per-slot rule on a 4-slot host would charge.
        assertThat(cascade.path("cost_usd").asDouble()).as("the cascade's $/h × its time, alone on the box: %s", cascade)
                .isBetween(wholeBox * 0.6, wholeBox * 1.0001);
    }

    @Test
    void eachExampleRoutesForTheReasonItsLabelSays() {
        for (JsonNode category : http.get("/api/console").json().path("suite")) {
            String example = category.path("example").asText();
            JsonNode route = http.post("/api/route", "{\"prompt\":" + HttpTestClient.JSON.valueToTree(example) + "}").json();
            assertThat(route.at("/facts/category").asText()).as("rulebook category of \"%s\": %s", example, route)
                    .isEqualTo(category.path("category").asText());
        }
    }

    @Test
    void benchmarkRunCostsEachSystemItsInstanceForTheWallTimeAndPricesAMillionOutputTokens() {
        String config = "{\"prompts\": 5, \"levels\": [1], \"requests_per_level\": 5, \"max_tokens\": 8,"
                + " \"fixed_length\": true, \"warmup_requests\": 0}";
        JsonNode summary = TestGateway.runBenchmarkToEnd(http, config);
        String id = summary.path("id").asText();

        Map<String, JsonNode> costs = new HashMap<>();
        summary.path("costs").forEach(c -> costs.put(c.path("target").asText(), c));
        assertThat(costs).containsOnlyKeys("cascade", "baseline");
        assertThat(costs.get("cascade").path("usd_per_hour").asDouble()).isEqualTo(0.15952);
        assertThat(costs.get("baseline").path("usd_per_hour").asDouble()).as("matched size: c7i.xlarge").isEqualTo(0.1785);
        for (JsonNode cost : costs.values()) {
            double expectedRun = cost.path("usd_per_hour").asDouble() * cost.path("wall_ms").asDouble() / 3_600_000;
            assertThat(cost.path("cost_usd").asDouble()).as("price × wall time: %s", cost).isCloseTo(expectedRun, within(1e-8));
            assertThat(cost.path("output_tokens").asLong()).as("5 answers × 8 tokens: %s", cost).isEqualTo(40);
            assertThat(cost.path("usd_per_m_output_tokens").asDouble()).as("%s", cost)
                    .isCloseTo(expectedRun / 40 * 1e6, within(1e-3));
        }

        List<Map<String, String>> levels = csv(http.get("/api/bench/runs/" + id + "/aggregates.csv").body());
        assertThat(levels).extracting(l -> l.get("target")).containsExactlyInAnyOrder("cascade", "baseline");
        assertThat(levels).allSatisfy(level -> {
            double wallMs = Double.parseDouble(level.get("wall_ms"));
            double price = level.get("target").equals("cascade") ? 0.15952 : 0.1785;
            assertThat(Double.parseDouble(level.get("usd_per_m_output_tokens"))).as("%s", level)
                    .isCloseTo(price * wallMs / 3_600_000 / 40 * 1e6, within(1e-3));
        });

        JsonNode categories = summary.path("categories");
        assertThat(categories.path("prompts").asInt()).as("%s", categories).isEqualTo(5);
        assertThat(categories.path("predictions")).extracting(p -> p.path("label").asText())
                .containsExactlyInAnyOrder("factual", "everyday", "reasoning", "code", "analysis");
        assertThat(categories.path("predictions").get(0).path("predicted").asText()).isNotBlank();
    }

    private static List<Map<String, String>> csv(String text) {
        List<String> lines = text.lines().toList();
        List<String> header = Arrays.asList(lines.get(0).split(","));
        return lines.subList(1, lines.size()).stream().map(line -> {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < cells.length ? cells[i] : "");
            }
            return row;
        }).toList();
    }
}
