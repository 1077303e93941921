package com.cascade4arm.app.conformance;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.app.fields.ChatFieldChecks;
import com.cascade4arm.app.fields.ChatFieldsIT;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.testing.http.RawHttp;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway with every pool on a real llama.cpp {@code llama-server} (the production upstream) serving the demo
 * models: chat streamed and not, usage, embeddings, text completions (logprobs relayed), draft acceptance on the large route (speculative decoding on), readiness while
 * a model loads, Compare, a short benchmark, the multi-turn suite (prompt tokens cached from turn 2), and bursts of sequential requests on a new connection each — all as with
 * our own hosts. Skipped, with a message, where no llama-server binary is beside the project.
 */
class RealLlamaServerIT {
    private static final String ADMIN = "conformance-admin";
    private static final String CODE_PROMPT = "Write a Python function that reverses a string.";
    private static final String EASY_PROMPT = "Hi there!";
    /** The burst the issue measured: 1,500 sequential requests, 4 tokens, one client, a new connection each. */
    private static final int BURST = 1_500;
    private static final Duration LOAD_WITHIN = Duration.ofMinutes(2);

    private static Path binary;
    private static Path smallModel;
    private static LlamaServer small;
    private static LlamaServer large;
    private static LlamaServer baseline;
    private static TestGateway gateway;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        binary = LlamaServer.binaryOrSkip();
        smallModel = DemoModels.ensure(DemoModel.SMALL);
        // --embeddings: the small server also answers /v1/embeddings (current builds keep serving chat beside it).
        small = LlamaServer.start(binary, smallModel, List.of("-c", "4096", "-np", "2", "-t", "1", "--embeddings",
                "--pooling", "last"), LOAD_WITHIN);
        // Current llama-server builds draft only with --spec-type draft-simple; -md alone loads the draft unused.
        large = LlamaServer.start(binary, DemoModels.ensure(DemoModel.LARGE), List.of("-md", smallModel.toString(),
                "--spec-type", "draft-simple", "--spec-draft-n-max", "8", "--spec-draft-p-min", "0.5",
                "-c", "4096", "-np", "2", "-t", "1"), LOAD_WITHIN);
        baseline = LlamaServer.start(binary, DemoModels.ensure(DemoModel.BASELINE), List.of("-c", "2048", "-np", "1",
                "-t", "1"), LOAD_WITHIN);
        gateway = TestGateway.boot(Map.of("cascade.small.urls", small.baseUrl(), "cascade.large.urls", large.baseUrl(),
                "cascade.baseline.url", baseline.baseUrl(), "cascade.admin.token", ADMIN,
                // llama-server (b10587, --jinja by default) takes tool results: the operator lists the role for it
                "cascade.small.roles", "system,developer,user,assistant,tool"), true);
        http = new HttpTestClient(gateway.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        for (LlamaServer server : new LlamaServer[]{small, large, baseline}) {
            if (server != null) {
                server.close();
            }
        }
    }

    @Test
    void answersChatStreamedAndNotWithUsageAndTheCascadeObject() {
        HttpTestClient.Response plain = http.post("/v1/chat/completions", HttpTestClient.chat(EASY_PROMPT, 8, false));
        HttpTestClient.Stream stream = http.stream(HttpTestClient.chat(EASY_PROMPT, 8, true));

        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        JsonNode answer = plain.json();
        assertThat(answer.at("/choices/0/message/content").asText()).isNotBlank();
        assertThat(answer.at("/usage/completion_tokens").asInt()).isBetween(1, 8);
        assertThat(answer.at("/cascade/route").asText()).isEqualTo("small");
        assertThat(answer.at("/cascade/prompt_tokens").asInt()).isPositive();

        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.data()).last().isEqualTo("[DONE]");
        assertThat(stream.text()).isNotBlank();
        JsonNode last = stream.events().get(stream.events().size() - 2).json();
        assertThat(last.path("choices")).as("the usage chunk").isEmpty();
        assertThat(last.at("/usage/completion_tokens").asInt()).isBetween(1, 8);
        assertThat(last.at("/cascade/route").asText()).isEqualTo("small");
        assertThat(last.at("/cascade/ttft_ms").asDouble()).isPositive();
    }

    @Test
    void passesEmbeddingsToTheFirstTiersLlamaServerInOpenAisShape() throws Exception {
        HttpTestClient.Response floats = http.post("/v1/embeddings", "{\"input\":[\"The cat sat.\",\"Revenue grew.\"]}");
        HttpTestClient.Response encoded = http.post("/v1/embeddings",
                "{\"input\":\"The cat sat.\",\"encoding_format\":\"base64\"}");

        assertThat(floats.status()).as(floats.body()).isEqualTo(200);
        JsonNode answer = floats.json();
        assertThat(answer.path("data")).hasSize(2);
        assertThat(answer.at("/data/1/index").asInt()).isEqualTo(1);
        JsonNode first = answer.at("/data/0/embedding");
        assertThat(first.size()).isGreaterThan(8);
        assertThat(answer.at("/usage/prompt_tokens").asInt()).isPositive();
        assertThat(answer.at("/cascade/route").asText()).isEqualTo("embeddings");
        assertThat(encoded.status()).as(encoded.body()).isEqualTo(200);
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(
                encoded.json().at("/data/0/embedding").asText())).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertThat(bytes.remaining()).isEqualTo(first.size() * 4);
        assertThat((double) bytes.getFloat()).as("the same vector, base64").isCloseTo(first.get(0).asDouble(),
                org.assertj.core.api.Assertions.within(1e-6));
    }

    @Test
    void relaysChatLogprobsAndTopLogprobsStreamedAndNot() {
        String body = "{\"model\":\"small\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi there!\"}],"
                + "\"max_tokens\":4,\"logprobs\":true,\"top_logprobs\":2";
        HttpTestClient.Response plain = http.post("/v1/chat/completions", body + "}");
        HttpTestClient.Stream stream = http.stream(body + ",\"stream\":true}");

        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        JsonNode tokens = plain.json().at("/choices/0/logprobs/content");
        assertThat(tokens.size()).as(plain.body()).isBetween(1, 4);
        assertThat(tokens.get(0).path("logprob").isNumber()).isTrue();
        assertThat(tokens.get(0).path("top_logprobs")).hasSize(2);
        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.jsonEvents().stream().filter(chunk -> chunk.at("/choices/0/logprobs/content").size() > 0))
                .as("streamed deltas carry them").isNotEmpty();
    }

    @Test
    void relaysTextCompletionsStreamedAndWithLogprobs() {
        HttpTestClient.Response plain = http.post("/v1/completions",
                "{\"model\":\"small\",\"prompt\":\"Hi there!\",\"max_tokens\":6,\"logprobs\":2}");
        HttpTestClient.Stream stream = http.stream("/v1/completions", "{\"prompt\":\"Hi there!\",\"max_tokens\":6,"
                + "\"stream\":true,\"stream_options\":{\"include_usage\":true}}");

        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        JsonNode answer = plain.json();
        assertThat(answer.path("object").asText()).isEqualTo("text_completion");
        assertThat(answer.at("/choices/0/text").asText()).isNotEmpty();
        assertThat(answer.at("/choices/0/logprobs").isContainerNode()).as("llama-server reports them: " + answer)
                .isTrue();
        assertThat(answer.at("/cascade/route").asText()).isEqualTo("small");
        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.data()).last().isEqualTo("[DONE]");
        StringBuilder text = new StringBuilder();
        stream.jsonEvents().forEach(chunk -> text.append(chunk.at("/choices/0/text").asText("")));
        assertThat(text.toString()).isNotEmpty();
        JsonNode last = stream.jsonEvents().get(stream.jsonEvents().size() - 1);
        assertThat(last.at("/usage/completion_tokens").asInt()).isBetween(1, 6);
        assertThat(last.at("/cascade/route").asText()).isEqualTo("small");
    }

    @Test
    void honoursJsonSchemaLogitBiasAndPenaltiesLikeOurHosts() throws Exception {
        ChatFieldChecks.answersFollowTheJsonSchema(http);
        ChatFieldChecks.logitBiasSteersTokens(http, ChatFieldsIT.FAVOURED_TOKEN);
        ChatFieldChecks.acceptsPenalties(http);
    }

    @Test
    void relaysToolsAndAToolCallingExchangeToLlamaServer() {
        String tools = "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"parameters\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}}}]";
        String exchange = "\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Paris?\"},"
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"sunny, 21 C\"}]";

        HttpTestClient.Response offered = http.post("/v1/chat/completions", "{\"model\":\"small\",\"max_tokens\":8,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Paris?\"}]," + tools
                + ",\"tool_choice\":\"auto\"}");
        HttpTestClient.Stream answered = http.stream("{\"model\":\"small\",\"max_tokens\":8,\"stream\":true,"
                + exchange + "," + tools + "}");
        HttpTestClient.Response large = http.post("/v1/chat/completions", "{\"model\":\"large\",\"max_tokens\":4,"
                + exchange + "," + tools + "}");

        assertThat(offered.status()).as(offered.body()).isEqualTo(200);
        assertThat(offered.json().at("/choices/0/message").isObject()).isTrue();
        assertThat(answered.status()).isEqualTo(200);
        assertThat(answered.data()).last().isEqualTo("[DONE]");
        assertThat(large.status()).as("the large tier's roles leave tool out").isEqualTo(400);
        assertThat(large.json().at("/error/message").asText()).contains("role 'tool' cannot be served by tier 'large'");
    }

    @Test
    void reportsDraftAcceptanceOnTheLargeRouteWhereSpeculativeDecodingRuns() {
        assertThat(large.get("/slots")).as("llama-server drafts").contains("\"speculative\":true");

        JsonNode plain = http.post("/v1/chat/completions", HttpTestClient.chat(CODE_PROMPT, 32, false)).json();
        HttpTestClient.Stream stream = http.stream(HttpTestClient.chat(CODE_PROMPT, 32, true));

        assertThat(plain.at("/cascade/route").asText()).isEqualTo("large");
        assertThat(plain.at("/cascade/draft_acceptance").isNumber()).as(plain.toString()).isTrue();
        assertThat(plain.at("/cascade/draft_acceptance").asDouble()).isBetween(0.0, 1.0);
        assertThat(stream.cascade().path("draft_acceptance").isNumber()).as("streamed too").isTrue();
    }

    @Test
    void isNotReadyWhileAModelLoadsAndReadyOnceItIsLoaded() {
        int port = GatewayHarness.freePort();
        Path model = DemoModels.ensure(DemoModel.BASELINE);
        try (TestGateway waiting = TestGateway.boot(Map.of("cascade.small.urls", "http://127.0.0.1:" + port,
                "cascade.large.urls", large.baseUrl(), "cascade.upstream.health-interval-ms", "100"))) {
            Map<String, Integer> seen = new TreeMap<>();
            // One sample before the launch: a busy machine may stall the first poll below until the demo model
            // (loaded in a few hundred ms) is in, and then the loop sees no moment without the upstream.
            int before = waiting.status("/health");
            assertThat(before).as("the gateway was ready before its small upstream started").isNotEqualTo(200);
            seen.merge("upstream not started -> gateway " + before, 1, Integer::sum);
            try (LlamaServer loading = LlamaServer.launch(binary, model, List.of("-c", "2048", "-np", "1", "-t", "1"),
                    port)) {
                Awaitility.await("llama-server loaded").atMost(LOAD_WITHIN).pollInterval(Duration.ofMillis(10)).until(() -> {
                    int upstream = loading.health();
                    if (upstream != 200) {
                        int ready = waiting.status("/health");
                        seen.merge("upstream " + upstream + " -> gateway " + ready, 1, Integer::sum);
                        if (ready == 200) {
                            // Only if the model finished loading in between: the gateway's own check may see it first.
                            assertThat(loading.health()).as("the gateway was ready while its upstream answered %d", upstream)
                                    .isEqualTo(200);
                        }
                    }
                    return upstream == 200;
                });
                Awaitility.await("gateway ready after the load").atMost(Duration.ofSeconds(10))
                        .until(() -> waiting.status("/health") == 200);
                System.out.println("[conformance] /health while the model loads (upstream -> gateway: samples): " + seen);
            }
        }
    }

    @Test
    void comparesTheCascadeWithTheBaseline() {
        HttpTestClient.Response response = http.post("/api/compare",
                "{\"prompt\":\"" + EASY_PROMPT + "\",\"max_tokens\":8,\"systems\":[\"cascade\",\"baseline\"]}");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode systems = response.json().path("systems");
        assertThat(systems.at("/cascade/status").asText()).as(systems.toString()).isEqualTo("ok");
        assertThat(systems.at("/baseline/status").asText()).as(systems.toString()).isEqualTo("ok");
        assertThat(systems.at("/baseline/completion_tokens").asInt()).isPositive();
        assertThat(systems.at("/hosted/status").asText()).isEqualTo("skipped");
        assertThat(response.json().at("/ratios/cascade_vs_baseline/total").isNumber()).isTrue();
    }

    @Test
    void runsAShortBenchmarkAgainstCascadeAndBaseline() {
        HttpTestClient.Response started = http.postAuthorized("/api/bench/runs",
                "{\"prompts\": 5, \"levels\": [1, 2], \"requests_per_level\": 5, \"max_tokens\": 8}", ADMIN);
        assertThat(started.status()).as(started.body()).isEqualTo(202);
        String id = started.json().path("id").asText();

        Awaitility.await("run done").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500))
                .until(() -> !http.get("/api/bench/runs/" + id).json().path("status").asText().equals("running"));
        JsonNode run = http.get("/api/bench/runs/" + id).json();
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("done");
        assertThat(run.path("aggregates")).isNotEmpty().allSatisfy(level ->
                assertThat(level.path("errors").asInt()).as(level.toString()).isZero());
    }

    @Test
    void runsTheMultiTurnSuiteWithPromptTokensCachedFromTurnTwo() {
        HttpTestClient.Response started = http.postAuthorized("/api/bench/runs", "{\"suite\": \"conversations\","
                + " \"conversations\": 1, \"levels\": [1], \"max_tokens\": 8, \"warmup_requests\": 0}", ADMIN);
        assertThat(started.status()).as(started.body()).isEqualTo(202);
        String id = started.json().path("id").asText();

        Awaitility.await("run done").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500))
                .until(() -> !http.get("/api/bench/runs/" + id).json().path("status").asText().equals("running"));
        JsonNode run = http.get("/api/bench/runs/" + id).json();
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("done");
        JsonNode perTurn = run.path("conversations").path("per_turn");
        String turns = http.get("/api/bench/runs/" + id + "/turns.csv").body(); // each turn's error, if any
        assertThat(perTurn).hasSize(12).allSatisfy(turn -> {
            assertThat(turn.path("errors").asInt()).as("%s; turns.csv:%n%s", turn, turns).isZero();
            assertThat(turn.path("cached_tokens").isNumber()).as("llama-server reports its cache: %s", turn).isTrue();
            if (turn.path("turn").asInt() >= 2 && turn.path("target").asText().equals("baseline")) {
                // the baseline's one slot holds the conversation: everything but the new turn comes from the cache
                assertThat(turn.path("cached_tokens").asDouble()).as("%s", turn).isGreaterThan(500);
                assertThat(turn.path("evaluated_tokens").asDouble()).as("%s", turn)
                        .isLessThan(turn.path("cached_tokens").asDouble());
            }
        });
        assertThat(run.path("conversations").path("totals")).allSatisfy(total ->
                assertThat(total.path("cached_tokens").asLong()).as("%s", total).isPositive());
        perTurn.forEach(turn -> System.out.printf("multi-turn %s turn %d: TTFT %.1f ms, prompt %.0f, cached %.0f, routes %s%n",
                turn.path("target").asText(), turn.path("turn").asInt(), turn.path("ttft_p50_ms").asDouble(),
                turn.path("prompt_tokens").asDouble(), turn.path("cached_tokens").asDouble(), turn.path("routes")));
    }

    @Test
    void answersEveryRequestOfBurstsOfSequentialStreamedAndPlainRequests() {
        Map<String, Integer> streamed = burst(true);
        Map<String, Integer> plain = burst(false);

        System.out.println("[conformance] " + BURST + " sequential requests, new connection each: streamed " + streamed
                + ", plain " + plain);
        assertThat(streamed).as("streamed outcomes").isEqualTo(Map.of("200 ok", BURST));
        assertThat(plain).as("plain outcomes").isEqualTo(Map.of("200 ok", BURST));
    }

    /** {@link #BURST} requests one after another, each on a fresh connection; outcome → count. */
    private static Map<String, Integer> burst(boolean stream) {
        Map<String, Integer> outcomes = new TreeMap<>();
        String body = HttpTestClient.chat("small", EASY_PROMPT, 4, stream);
        for (int i = 0; i < BURST; i++) {
            RawHttp.Answer answer = RawHttp.request("POST", "/v1/chat/completions").json(body).send(gateway.baseUrl());
            boolean complete = stream ? answer.body().contains("data: [DONE]") && !answer.body().contains("\"error\"")
                    : answer.body().contains("\"choices\"");
            outcomes.merge(answer.status() + (complete ? " ok" : " incomplete"), 1, Integer::sum);
        }
        return outcomes;
    }
}
