package com.cascade4arm.app;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Benchmark's multi-turn suite on the real gateway with its llama.cpp demo hosts: one conversation of six turns
 * through the cascade and the baseline at once (our in-process hosts report no cached tokens: `RealLlamaServerIT` runs
 * the suite where llama-server reports them). Each turn re-sends the growing history, so the prompt
 * grows turn by turn; the run keeps per-turn figures, its rows and turns, and is listed like any run.
 */
class MultiTurnSuiteIT {
    private static final String RUNS = "/api/bench/runs";
    private static HttpTestClient http;
    private static TestGateway gateway;

    @BeforeAll
    static void boot() {
        gateway = TestGateway.start();
        http = new HttpTestClient(gateway.baseUrl());
    }

    @Test
    void conversationsRunTurnByTurnWithGrowingPromptsAndPerTurnFigures() {
        // Small on purpose (CI time): 1 of the 6 conversations, 8-token answers, no warm-up.
        String config = "{\"suite\": \"conversations\", \"conversations\": 1, \"levels\": [1], \"max_tokens\": 8,"
                + " \"warmup_requests\": 0}";
        JsonNode summary = TestGateway.runBenchmarkToEnd(http, config);
        String id = summary.path("id").asText();

        assertThat(summary.path("config").path("suite").asText()).isEqualTo("conversations");
        assertThat(summary.path("total").asInt()).as("1 conversation x 6 turns x 2 systems").isEqualTo(12);
        assertThat(summary.path("done").asInt()).isEqualTo(12);
        JsonNode figures = summary.path("conversations");
        assertThat(figures.path("turns").asInt()).isEqualTo(6);
        assertThat(figures.path("concurrency").asInt()).isEqualTo(1);
        for (String target : List.of("cascade", "baseline")) {
            List<JsonNode> turns = new ArrayList<>();
            figures.path("per_turn").forEach(t -> {
                if (t.path("target").asText().equals(target)) {
                    turns.add(t);
                }
            });
            assertThat(turns).as(target).hasSize(6);
            double previous = 0;
            for (JsonNode turn : turns) {
                assertThat(turn.path("errors").asInt()).as("%s turn %s", target, turn).isZero();
                assertThat(turn.path("requests").asInt()).isEqualTo(1);
                assertThat(turn.path("ttft_p50_ms").asDouble()).as("%s", turn).isPositive();
                assertThat(turn.path("ttft_p95_ms").asDouble()).isGreaterThanOrEqualTo(turn.path("ttft_p50_ms").asDouble());
                double prompt = turn.path("prompt_tokens").asDouble();
                // the system prompt alone is ~1,000 tokens; every turn adds a user turn and the previous answer
                assertThat(prompt).as("%s turn %s: the history grows", target, turn.path("turn")).isGreaterThan(
                        Math.max(previous, 700));
                previous = prompt;
                if (turn.path("turn").asInt() >= 2 && turn.path("cached_tokens").isNumber()) {
                    assertThat(turn.path("cached_tokens").asDouble()).as("%s reports its cache", target).isPositive();
                }
            }
            if (target.equals("cascade")) {
                assertThat(turns).allSatisfy(t -> assertThat(t.path("routes").size()).as("%s", t).isPositive());
            }
        }
        assertThat(figures.path("totals")).hasSize(2).allSatisfy(total -> {
            assertThat(total.path("errors").asInt()).isZero();
            assertThat(total.path("ttft_turn1_p50_ms").asDouble()).isPositive();
            assertThat(total.path("ttft_later_p50_ms").asDouble()).isPositive();
            assertThat(total.path("tok_per_s").asDouble()).isPositive();
        });
        assertThat(summary.path("aggregates")).hasSize(2)
                .allSatisfy(a -> assertThat(a.path("level").asInt()).isEqualTo(1));

        assertThat(http.get(RUNS + "/" + id + "/rows.csv").body().lines().count() - 1).isEqualTo(12);
        HttpTestClient.Response turnsCsv = http.get(RUNS + "/" + id + "/turns.csv");
        assertThat(turnsCsv.status()).isEqualTo(200);
        assertThat(turnsCsv.header("Content-Type")).startsWith("text/csv");
        List<String> turnLines = turnsCsv.body().lines().toList();
        assertThat(turnLines).hasSize(13);
        assertThat(turnLines.get(0)).contains("prompt_tokens", "cached_tokens", "endpoint", "prefix_affinity");
        List<String> listed = new ArrayList<>();
        http.get(RUNS).json().path("data").forEach(run -> {
            if (run.path("config").path("suite").asText().equals("conversations")) {
                listed.add(run.path("id").asText());
            }
        });
        assertThat(listed).contains(id);
        HttpTestClient.Response none = http.get(RUNS + "/no-such-run/turns.csv");
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().path("error").path("code").asText()).isEqualTo("turns_not_found");
    }

    @Test
    void badMultiTurnInputIsA400NamingTheValue() {
        HttpTestClient.Response unknown = http.postAuthorized(RUNS, "{\"suite\": \"chats\"}", TestGateway.ADMIN_TOKEN);
        assertThat(unknown.status()).as(unknown.body()).isEqualTo(400);
        assertThat(unknown.json().path("error").path("code").asText()).isEqualTo("invalid_bench_config");
        assertThat(unknown.json().path("error").path("message").asText()).contains("suite", "chats");

        HttpTestClient.Response tooMany = http.postAuthorized(RUNS,
                "{\"suite\": \"conversations\", \"conversations\": 2, \"levels\": [3]}", TestGateway.ADMIN_TOKEN);
        assertThat(tooMany.status()).as(tooMany.body()).isEqualTo(400);
        assertThat(tooMany.json().path("error").path("message").asText())
                .contains("concurrency (levels[0]) must be between 1 and 2", "was 3");

        HttpTestClient.Response notANumber = http.postAuthorized(RUNS,
                "{\"suite\": \"conversations\", \"conversations\": \"all\"}", TestGateway.ADMIN_TOKEN);
        assertThat(notANumber.status()).as(notANumber.body()).isEqualTo(400);
        assertThat(notANumber.json().path("error").path("message").asText()).contains("conversations");
    }
}
