package com.cascade4arm.app;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Benchmark's draft pass on the real gateway with its llama.cpp demo hosts (the large tier drafts with demo-0.5b):
 * a run with {@code draft_pass: true} records what speculative decoding bought the large route, from pairs whose
 * draft-off answers drafted nothing, and keeps those requests out of the level rows.
 */
class DraftPassIT {
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void draftPassRecordsTheSpeedUpFromPairsWhoseDraftOffAnswersDraftedNothing() {
        // The first 5 suite prompts: one per category, three of them (reasoning, code, analysis) labelled large.
        String config = "{\"prompts\": 5, \"levels\": [1], \"requests_per_level\": 5, \"max_tokens\": 16,"
                + " \"warmup_requests\": 1, \"draft_pass\": true}";
        JsonNode summary = TestGateway.runBenchmarkToEnd(http, config);
        String id = summary.path("id").asText();
        assertThat(summary.path("config").path("draft_pass").asBoolean()).isTrue();

        JsonNode draft = summary.path("draft_speedup");
        assertThat(draft.path("unavailable").isNull()).as("a figure, not a reason: %s", draft).isTrue();
        assertThat(draft.path("target").asText()).isEqualTo("cascade");
        assertThat(draft.path("sent").asInt()).as("the three large-route prompts").isEqualTo(3);
        assertThat(draft.path("pairs").asInt()).as("pairs both answered on the large route: %s", draft).isPositive();
        assertThat(draft.path("drafted_on").asInt()).as("draft-on answers report drafted tokens: %s", draft).isPositive();
        assertThat(draft.path("drafted_off").asInt()).as("draft-off answers report none: %s", draft).isZero();
        assertThat(draft.path("speed_up").asDouble()).isPositive();
        assertThat(draft.path("speed_up_low").asDouble()).isLessThanOrEqualTo(draft.path("speed_up").asDouble());
        assertThat(draft.path("speed_up_high").asDouble()).isGreaterThanOrEqualTo(draft.path("speed_up").asDouble());
        assertThat(draft.path("draft_acceptance").isNumber()).as("%s", draft).isTrue();

        assertThat(http.get("/api/bench/runs/" + id + "/rows.csv").body().lines().count() - 1)
                .as("the pass's requests stay out of the level rows").isEqualTo(10);
        assertThat(summary.path("aggregates")).allSatisfy(a -> assertThat(a.path("requests").asInt()).isEqualTo(5));
    }
}
