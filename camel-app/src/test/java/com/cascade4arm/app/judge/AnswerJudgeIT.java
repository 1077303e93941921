package com.cascade4arm.app.judge;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.testing.judge.ScriptedJudge;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Answer quality on the real gateway with its llama.cpp demo hosts: a small run asks the shared gateway's judge (a real
 * HTTP server answering per {@link ScriptedJudge.Script}) to compare the cascade's answer with the baseline's for each
 * prompt in both orders, through the judge route's camel-http, breaker and Retry.
 */
class AnswerJudgeIT {
    /** Five prompts (one per category) on both systems, few tokens: judging is what is tested, not speed. */
    private static final String JUDGED_RUN = "{\"prompts\": 5, \"levels\": [1], \"requests_per_level\": 5,"
            + " \"max_tokens\": 8, \"warmup_requests\": 0, \"judge\": true, \"sampling\": {\"temperature\": 0.9}}";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static HttpTestClient http;
    private static ScriptedJudge judge;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
        judge = TestGateway.judge();
    }

    @Test
    void judgesEachPromptInBothOrdersAndTalliesPerCategoryAndRoute() throws Exception {
        judge.script(ScriptedJudge.Script.PREFERS_LONGER);
        JsonNode run = judgedRun();

        JsonNode quality = run.path("quality");
        assertThat(quality.path("state").asText()).as(quality.toString()).isEqualTo("done");
        assertThat(quality.path("judge_model").asText()).isEqualTo("scripted-judge");
        assertThat(quality.path("pairs").asInt()).isEqualTo(5);
        Map<String, JsonNode> answers = answers(run.path("id").asText());
        assertThat(answers).hasSize(5);
        for (JsonNode judged : quality.path("prompts")) {
            JsonNode pair = answers.get(judged.path("prompt_id").asText());
            int cascade = pair.path("cascade_answer").asText().length();
            int baseline = pair.path("baseline_answer").asText().length();
            String expected = cascade > baseline ? "win" : cascade < baseline ? "loss" : "tie";
            assertThat(judged.path("outcome").asText()).as("%s: cascade %d chars, baseline %d", judged, cascade, baseline)
                    .isEqualTo(expected);
            assertThat(judged.path("verdict_cascade_first").asText())
                    .isEqualTo(cascade > baseline ? "A" : cascade < baseline ? "B" : "TIE");
            assertThat(judged.path("route").asText()).isEqualTo(pair.path("route").asText()).isIn("small", "large");
        }
        assertThat(judge.requests()).as("two orders per prompt").hasSize(10);
        assertThat(judge.lastAuthorization()).isEqualTo("Bearer " + TestGateway.JUDGE_API_KEY);
        assertThat(quality.path("by_category")).hasSize(5).allSatisfy(t -> assertThat(total(t)).isEqualTo(1));
        assertThat(quality.path("by_route").findValuesAsText("key")).isSubsetOf("small", "large");
        assertThat(quality.path("by_route").findValues("wins").stream().mapToInt(JsonNode::asInt).sum()
                + quality.path("by_route").findValues("ties").stream().mapToInt(JsonNode::asInt).sum()
                + quality.path("by_route").findValues("losses").stream().mapToInt(JsonNode::asInt).sum())
                .as("every prompt judged, under its route").isEqualTo(5);
        JsonNode rulebook = run.path("scorecard").get(0);
        assertThat(rulebook.path("policy").asText()).isEqualTo("rulebook");
        assertThat(rulebook.path("quality")).as("the scorecard's quality column").isEqualTo(quality.path("overall"));

        Path dir = runDirectory(run.path("id").asText());
        List<String> csv = Files.readAllLines(dir.resolve("judge.csv"));
        assertThat(csv.get(0)).isEqualTo("prompt_id,category,route,verdict_cascade_first,verdict_baseline_first,outcome,reason");
        assertThat(csv).hasSize(6);
        assertThat(Files.readAllLines(dir.resolve("scorecard.csv")).get(0)).endsWith(
                "quality_wins,quality_ties,quality_losses,quality_unjudged");
    }

    @Test
    void aJudgeThatAlwaysAnswersAIsCancelledOutIntoTies() {
        judge.script(ScriptedJudge.Script.ALWAYS_A);
        JsonNode quality = judgedRun().path("quality");

        assertThat(quality.path("overall").path("ties").asInt()).as(quality.toString()).isEqualTo(5);
        assertThat(quality.path("prompts")).allSatisfy(p -> {
            assertThat(p.path("verdict_cascade_first").asText()).isEqualTo("A");
            assertThat(p.path("verdict_baseline_first").asText()).isEqualTo("A");
            assertThat(p.path("outcome").asText()).isEqualTo("tie");
        });
    }

    @Test
    void waitsOutA429ForItsRetryAfterAndJudgesEverything() {
        judge.script(ScriptedJudge.Script.RATE_LIMITED_ONCE);
        JsonNode quality = judgedRun().path("quality");

        List<ScriptedJudge.Request> requests = judge.requests();
        List<ScriptedJudge.Request> limited = requests.stream().filter(r -> r.status() == 429).toList();
        assertThat(limited).as("one 429 in %s", requests).hasSize(1);
        List<ScriptedJudge.Request> sameComparison = requests.stream()
                .filter(r -> r.prompt().equals(limited.get(0).prompt())).toList();
        // (equal answers make both orders the same text: the retry is the next one after the 429)
        assertThat(sameComparison).as("the limited comparison asked again").hasSizeGreaterThanOrEqualTo(2);
        assertThat((sameComparison.get(1).arrivalNanos() - sameComparison.get(0).arrivalNanos()) / 1_000_000)
                .as("retried after Retry-After: " + ScriptedJudge.RETRY_AFTER_SECONDS + " s").isGreaterThanOrEqualTo(1_000);
        assertThat(requests).as("10 answers and the 429").hasSize(11);
        assertThat(quality.path("overall").path("unjudged").asInt()).as(quality.toString()).isZero();
    }

    @Test
    void garbageRepliesLeaveThePromptsUnjudgedWithTheReplyAndTheRunDone() {
        judge.script(ScriptedJudge.Script.GARBAGE);
        JsonNode run = judgedRun();

        assertThat(run.path("status").asText()).isEqualTo("done");
        JsonNode quality = run.path("quality");
        assertThat(quality.path("overall").path("unjudged").asInt()).as(quality.toString()).isEqualTo(5);
        assertThat(quality.path("prompts").findValuesAsText("reason")).allSatisfy(reason -> assertThat(reason)
                .isEqualTo("cascade first: unparseable reply '" + ScriptedJudge.GARBAGE_REPLY + "'"));
    }

    @Test
    void refusesAJudgeFieldThatIsNotABoolean() {
        HttpTestClient.Response refused = http.postAuthorized("/api/bench/runs", "{\"judge\": \"yes\"}",
                TestGateway.ADMIN_TOKEN);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("judge must be true or false, but was \\\"yes\\\"");
    }

    private static JsonNode judgedRun() {
        // The previous run ends "done" a moment before it stops counting as active.
        await().atMost(Duration.ofSeconds(30)).until(() -> TestGateway.start().bench().service().activeRunIds().isEmpty());
        HttpTestClient.Response started = http.postAuthorized("/api/bench/runs", JUDGED_RUN, TestGateway.ADMIN_TOKEN);
        assertThat(started.status()).as(started.body()).isEqualTo(202);
        String id = started.json().path("id").asText();
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(250))
                .until(() -> !http.get("/api/bench/runs/" + id).json().path("status").asText().equals("running"));
        JsonNode run = http.get("/api/bench/runs/" + id).json();
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("done");
        return run;
    }

    private static Map<String, JsonNode> answers(String id) throws Exception {
        Map<String, JsonNode> byPrompt = new HashMap<>();
        JSON.readTree(runDirectory(id).resolve("answers.json").toFile()).forEach(p -> byPrompt.put(p.path("prompt_id").asText(), p));
        return byPrompt;
    }

    private static Path runDirectory(String id) {
        return TestGateway.start().bench().service().store().runDirectory(id).orElseThrow();
    }

    private static int total(JsonNode tally) {
        return tally.path("wins").asInt() + tally.path("ties").asInt() + tally.path("losses").asInt()
                + tally.path("unjudged").asInt();
    }
}
