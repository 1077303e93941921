package com.cascade4arm.app;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The benchmark's method on the real gateway with its llama.cpp demo hosts: a fixed-length run makes every request of
 * both systems generate exactly max_tokens, every category runs at the level, and the run records the environment.
 */
class BenchMethodIT {
    private static final int MAX_TOKENS = 24;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void fixedLengthRunGeneratesExactlyMaxTokensOnBothSystemsAndRecordsTheEnvironment() {
        String config = "{\"prompts\": 5, \"levels\": [1], \"requests_per_level\": 5, \"max_tokens\": " + MAX_TOKENS
                + ", \"fixed_length\": true, \"warmup_requests\": 1, \"sampling\": {\"temperature\": 0.9, \"seed\": 3}}";
        JsonNode summary = TestGateway.runBenchmarkToEnd(http, config);
        String id = summary.path("id").asText();

        List<Map<String, String>> rows = rows(http.get("/api/bench/runs/" + id + "/rows.csv").body());
        assertThat(rows).hasSize(10);
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.get("error")).as("row %s", row).isEmpty();
            assertThat(row.get("completion_tokens")).as("tokens of %s on %s", row.get("prompt_id"), row.get("target"))
                    .isEqualTo(String.valueOf(MAX_TOKENS));
        });
        assertThat(rows.stream().collect(Collectors.groupingBy(r -> r.get("target"),
                Collectors.mapping(r -> r.get("category"), Collectors.toSet()))))
                .as("every category at the level, on both systems").containsOnlyKeys("cascade", "baseline")
                .allSatisfy((target, categories) -> assertThat(categories).hasSize(5));

        assertThat(summary.path("config").path("sampling").path("seed").asInt()).isEqualTo(3);
        assertThat(summary.path("warmup")).hasSize(2);
        assertThat(summary.path("rules_version").asText()).isNotBlank();
        JsonNode environment = summary.path("environment");
        assertThat(environment.path("machine").path("cores").asInt()).isPositive();
        Map<String, JsonNode> endpoints = new java.util.LinkedHashMap<>();
        environment.path("endpoints").forEach(e -> endpoints.put(e.path("name").asText(), e));
        assertThat(endpoints).containsKeys("cascade", "baseline", "tier small", "tier large");
        for (String name : List.of("baseline", "tier small", "tier large")) {
            assertThat(endpoints.get(name).path("model_sha256").asText()).as(name).matches("[0-9a-f]{64}");
            assertThat(endpoints.get(name).path("build_info").asText()).as(name).contains("llama.cpp");
        }
    }

    private static List<Map<String, String>> rows(String csv) {
        List<String> lines = csv.lines().toList();
        List<String> header = Arrays.asList(lines.get(0).split(","));
        return lines.subList(1, lines.size()).stream().map(line -> {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new java.util.HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < cells.length ? cells[i] : "");
            }
            return row;
        }).toList();
    }
}
