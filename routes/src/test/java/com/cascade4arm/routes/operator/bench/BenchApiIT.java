package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.RunStatus;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.routes.RouteIds;
import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.ServiceStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The benchmark API on the real gateway: the default rulebook routes real streamed requests to real instant
 * upstreams (small and large pools) while a third instant responder plays the baseline.
 */
class BenchApiIT {
    private static final String TOKEN = "bench-admin-token";
    private static final String RUNS = "/api/bench/runs";
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(90);
    private static final long SLOW_CHUNK_DELAY_MS = 100;

    @TempDir
    static Path dataDir;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        gateway = RoutesGateway.builder().withBaseline().property("cascade.data-dir", dataDir.toString())
                .properties(Map.of("cascade.admin.token", TOKEN)).start();
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
    }

    @AfterEach
    void instantUpstreamsAndNoActiveRun() {
        gateway.upstreams(ResponderBehaviour.INSTANT);
        BenchmarkService service = service();
        service.activeRunIds().forEach(service::cancel);
        await().atMost(RUN_TIMEOUT).until(() -> service.activeRunIds().isEmpty());
    }

    @Test
    void askingForAJudgeWithoutOneConfiguredIsA400() throws Exception {
        HttpResponse<String> refused = gateway.post(RUNS, "{\"judge\": true}", TOKEN);

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        assertThat(RoutesGateway.json(refused).path("error").path("message").asText())
                .isEqualTo("judge is true, but no judge is configured (cascade.judge.url)");
    }

    @Test
    void startingARunNeedsTheAdminToken() throws Exception {
        List<String> before = gateway.runIds();

        HttpResponse<String> anonymous = gateway.post(RUNS, "{}", null);
        HttpResponse<String> wrongToken = gateway.post(RUNS, "{}", "not-the-token");

        assertThat(anonymous.statusCode()).as(anonymous.body()).isEqualTo(401);
        assertThat(RoutesGateway.json(anonymous).path("error").path("code").asText()).isEqualTo("invalid_admin_token");
        assertThat(wrongToken.statusCode()).as(wrongToken.body()).isEqualTo(401);
        assertThat(gateway.runIds()).as("no run was started").isEqualTo(before);
    }

    @Test
    void runsTheWholeSuiteAgainstCascadeAndBaselineAndRoutesEveryPromptAsExpected() throws Exception {
        HttpResponse<String> started = gateway.post(RUNS,
                "{\"prompts\": 50, \"levels\": [1, 4], \"requests_per_level\": 50, \"max_tokens\": 8}", TOKEN);

        assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
        JsonNode body = RoutesGateway.json(started);
        String id = body.path("id").asText();
        assertThat(id).isNotBlank();
        assertThat(body.path("status").asText()).isEqualTo("running");
        assertThat(body.path("targets").toString()).isEqualTo("[\"cascade\",\"baseline\"]");
        assertThat(started.headers().firstValue("Location")).contains(RUNS + "/" + id);

        JsonNode run = awaitEnd(id, progress -> {
            assertThat(progress.path("total").asInt()).isEqualTo(2 * 50 * 2);
            assertThat(progress.path("done").asInt()).isBetween(0, 2 * 50 * 2);
        });

        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("done");
        assertThat(run.path("done").asInt()).isEqualTo(200);
        assertThat(run.path("rules_version").asText()).isEqualTo("1");
        assertThat(run.path("aggregates")).as("2 targets x 2 levels").hasSize(4);
        assertThat(run.path("config").path("targets").findValuesAsText("model")).containsExactly("auto", InstantResponder.MODEL_ID);
        assertThat(run.path("config").toString()).as("no api key leaks").doesNotContain("api_key");
        assertThat(run.toString()).as("the public summary names no internal URL")
                .doesNotContain("base_url", gateway.baseline.baseUrl(), "127.0.0.1:");
        assertThat(gateway.get(RUNS).body()).as("nor does the list").doesNotContain("base_url", gateway.baseline.baseUrl());
        JsonNode cascadeAccuracy = accuracy(run, "cascade", "all");
        assertThat(cascadeAccuracy.path("routed").asInt()).as("every cascade row carries its route").isEqualTo(100);
        assertThat(cascadeAccuracy.path("accuracy").asDouble()).as("default rulebook on the suite: %s", run.path("accuracy"))
                .isEqualTo(1.0);
        assertThat(run.path("speed_ups").findValuesAsText("category")).contains("all");

        HttpResponse<String> csv = gateway.get(RUNS + "/" + id + "/rows.csv");
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/csv"));
        assertThat(csv.headers().firstValue("Content-Disposition")).contains("attachment; filename=\"" + id + "-rows.csv\"");
        List<String> lines = csv.body().lines().toList();
        assertThat(lines.get(0)).startsWith("run_id,target,level,seq,prompt_id,category,expected_route,route");
        assertThat(lines).as("header + levels x requests x targets").hasSize(1 + 2 * 50 * 2);
        Map<String, Long> rowsByTarget = lines.stream().skip(1).map(line -> line.split(",")[1])
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(rowsByTarget).containsExactlyInAnyOrderEntriesOf(Map.of("cascade", 100L, "baseline", 100L));
        assertThat(gateway.small.chatRequestCount() + gateway.large.chatRequestCount())
                .as("cascade requests reached the pools").isGreaterThanOrEqualTo(100);
        assertThat(gateway.runIds()).as("newest first").first().isEqualTo(id);

        JsonNode console = RoutesGateway.json(gateway.get("/api/console"));
        assertThat(console.path("baseline_speed").path("run_id").asText()).as("speed measured by this run").isEqualTo(id);
        assertThat(console.path("baseline_speed").path("tok_per_s").asDouble()).isPositive();
        assertThat(console.path("explanation").path("title").asText()).isEqualTo("Two baselines, one optimized stack");
        assertThat(console.path("systems").path("cascade").path("hardware").asText()).contains("cores");
        assertThat(console.path("systems").path("hosted").path("tagline").asText()).isNotBlank();
        assertThat(console.path("suite").findValuesAsText("category"))
                .containsExactly("factual", "everyday", "reasoning", "code", "analysis");
        assertThat(run.path("environment").path("endpoints").findValuesAsText("name"))
                .containsExactly("cascade", "baseline", "tier small", "tier large");
        assertThat(run.path("prompts")).as("one result per suite prompt").hasSize(50);
    }

    @Test
    void rejectsASecondRunWhileOneIsActiveAndCancelsTheActiveOneKeepingItsRows() throws Exception {
        gateway.upstreams(ResponderBehaviour.INSTANT.withChunkDelayMs(SLOW_CHUNK_DELAY_MS));
        String id = RoutesGateway.json(gateway.post(RUNS,
                "{\"prompts\": 5, \"levels\": [1], \"requests_per_level\": 200, \"max_tokens\": 8}", TOKEN)).path("id").asText();
        await().atMost(RUN_TIMEOUT).until(() -> gateway.run(id).path("done").asInt() >= 2);

        HttpResponse<String> second = gateway.post(RUNS, "{}", TOKEN);
        assertThat(second.statusCode()).as(second.body()).isEqualTo(409);
        assertThat(RoutesGateway.json(second).path("error").path("code").asText()).isEqualTo("run_active");
        assertThat(RoutesGateway.json(second).path("running_id").asText()).isEqualTo(id);

        assertThat(gateway.delete(RUNS + "/" + id, null).statusCode()).as("cancel needs the token").isEqualTo(401);
        HttpResponse<String> cancelled = gateway.delete(RUNS + "/" + id, TOKEN);

        assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
        JsonNode run = RoutesGateway.json(cancelled);
        assertThat(run.path("status").asText()).isEqualTo("cancelled");
        int done = run.path("done").asInt();
        assertThat(done).isBetween(2, 399);
        List<String> lines = gateway.get(RUNS + "/" + id + "/rows.csv").body().lines().toList();
        assertThat(lines).as("the finished requests' rows are kept").hasSize(1 + done);
        HttpResponse<String> again = gateway.delete(RUNS + "/" + id, TOKEN);
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(RoutesGateway.json(again).path("error").path("code").asText()).isEqualTo("run_not_running");
    }

    @Test
    void aFreshServiceOnTheSameResultsDirectoryListsTheRuns() throws Exception {
        String id = RoutesGateway.json(gateway.post(RUNS,
                "{\"prompts\": 5, \"levels\": [1, 2], \"requests_per_level\": 5, \"max_tokens\": 8}", TOKEN)).path("id").asText();
        awaitEnd(id, progress -> { });

        try (BenchmarkService restarted = new BenchmarkService(gateway.resultsDir())) {
            List<RunSummary> runs = restarted.list();
            assertThat(runs).extracting(RunSummary::id).as("same runs as the API lists").isEqualTo(gateway.runIds());
            RunSummary summary = restarted.status(id).orElseThrow();
            assertThat(summary.status()).isEqualTo(RunStatus.DONE);
            assertThat(summary.done()).isEqualTo(2 * 5 * 2);
            assertThat(restarted.rowsCsv(id)).contains(gateway.get(RUNS + "/" + id + "/rows.csv").body());
        }
    }

    @Test
    void rejectsInvalidConfigsNamingTheBadValue() throws Exception {
        List<String> before = gateway.runIds();

        assertBadRequest("{\"levels\": [1, 100]}", "levels[1] must be between 1 and 64, but was 100");
        assertBadRequest("{\"requests_per_level\": 0}", "requests_per_level must be between 1 and 500, but was 0");
        assertBadRequest("{\"prompts\": [\"code-01\", \"nope-99\"]}", "unknown prompt id 'nope-99'");
        assertBadRequest("{\"max_tokens\": \"many\"}", "max_tokens must be an integer, but was \"many\"");
        assertBadRequest("{\"targets\": [{\"name\": \"x\", \"base_url\": \"http://example.com\", \"model\": \"m\"}]}",
                "targets are fixed");
        assertBadRequest("{\"level\": [1]}", "unknown field 'level'");
        assertBadRequest("{\"levels\": ", "not valid JSON");
        assertBadRequest("{\"prompts\": 5, \"requests_per_level\": 4}",
                "requests_per_level must be at least 5 (the categories among the selected prompts) so every category "
                        + "runs at every level, but was 4");
        assertBadRequest("{\"fixed_length\": \"yes\"}", "fixed_length must be true or false, but was \"yes\"");
        assertBadRequest("{\"sampling\": {\"temperature\": 3}}", "sampling.temperature must be between 0 and 2, but was 3.0");
        assertBadRequest("{\"sampling\": {\"top_k\": 3}}", "unknown field 'sampling.top_k'");
        assertBadRequest("{\"sampling\": {\"seed\": 1.5}}", "seed must be an integer, but was 1.5");
        assertThat(gateway.runIds()).as("no run was started").isEqualTo(before);
    }

    @Test
    void answersUnknownRunsWith404() throws Exception {
        for (HttpResponse<String> response : List.of(gateway.get(RUNS + "/20000101-000000-000-abcd"),
                gateway.get(RUNS + "/nope/rows.csv"), gateway.get(RUNS + "/..%2F..%2Fetc"),
                gateway.delete(RUNS + "/nope", TOKEN))) {
            assertThat(response.statusCode()).as(response.uri() + " " + response.body()).isEqualTo(404);
            assertThat(RoutesGateway.json(response).path("error").path("code").asText()).isEqualTo("run_not_found");
        }
    }

    @Test
    void scheduledRouteStaysOffUnlessEnabled() throws Exception {
        List<String> before = gateway.runIds();

        assertThat(gateway.camel().getRouteController().getRouteStatus(RouteIds.BENCH_SCHEDULED))
                .isEqualTo(ServiceStatus.Stopped);
        await().during(Duration.ofMillis(1_500)).atMost(Duration.ofSeconds(3))
                .until(() -> gateway.runIds().equals(before));
    }

    private static JsonNode awaitEnd(String id, java.util.function.Consumer<JsonNode> onProgress) {
        return await().atMost(RUN_TIMEOUT).pollInterval(Duration.ofMillis(100)).until(() -> {
            JsonNode run = gateway.run(id);
            onProgress.accept(run);
            return run;
        }, run -> !run.path("status").asText().equals("running"));
    }

    private static JsonNode accuracy(JsonNode run, String target, String category) {
        for (JsonNode entry : run.path("accuracy")) {
            if (entry.path("target").asText().equals(target) && entry.path("category").asText().equals(category)) {
                return entry;
            }
        }
        throw new AssertionError("no accuracy for " + target + "/" + category + " in " + run.path("accuracy"));
    }

    private static void assertBadRequest(String body, String messagePart) throws Exception {
        HttpResponse<String> response = gateway.post(RUNS, body, TOKEN);
        assertThat(response.statusCode()).as(body + " -> " + response.body()).isEqualTo(400);
        assertThat(RoutesGateway.json(response).path("error").path("message").asText()).contains(messagePart);
    }

    private static BenchmarkService service() {
        return gateway.bench().service();
    }
}
