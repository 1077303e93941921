package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.hosted.StandInConfig;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.cascade4arm.routes.testing.RoutesGateway.JSON;
import static com.cascade4arm.routes.testing.RoutesGateway.prompt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Compare against real upstreams that all answer: the numbers, the ratios, the stream, attribution, bad input. */
class CompareIT {
    private static final String EASY_PROMPT = "Hello!";
    /** Every default and no hosted key (what an empty configuration gives). */
    private static final CompareSettings DEFAULTS = CompareSettings.from(ConfigBinding.defaults().cascade());
    private static final String RESPONDER_TEXT = String.join("", ResponderBehaviour.DEFAULT_CHUNKS);
    private static final String HOSTED_TEXT = String.join("", StandInConfig.DEFAULT_CHUNKS);
    private static final ResponderBehaviour PACED = ResponderBehaviour.INSTANT.withContentDelayMs(20).withChunkDelayMs(5);
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        gateway = RoutesGateway.builder().withBaseline().withHosted(true).properties(Map.of("cascade.compare.deadline-ms", "20000",
                "cascade.limits.max-prompt-chars", "2000")).start();
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
    }

    @BeforeEach
    void pacedUpstreams() {
        gateway.small.behaviour(PACED);
        gateway.large.behaviour(PACED);
        gateway.baseline.behaviour(PACED);
        gateway.hosted.reset();
        gateway.hosted.config(StandInConfig.DEFAULTS.withApiKey(RoutesGateway.HOSTED_KEY).withChunkDelayMs(5));
        gateway.compareService().resetResilience();
    }

    @Test
    void callsEachSystemThroughOneCamelHttpEndpointNamingItsChatUrlCreatedOnce() throws Exception {
        assertThat(gateway.compare(prompt(EASY_PROMPT, 4)).statusCode()).isEqualTo(200);
        List<String> first = httpEndpoints();
        assertThat(gateway.compare(prompt(EASY_PROMPT, 4)).statusCode()).isEqualTo(200);

        assertThat(httpEndpoints()).as("no endpoint per request").isEqualTo(first);
        assertThat(first).as("one per system, each naming where it goes").hasSize(3)
                .allMatch(uri -> uri.contains("/chat/completions?"))
                .anyMatch(uri -> uri.startsWith("http://127.0.0.1:" + gateway.port() + "/v1/chat/completions"));
    }

    private static List<String> httpEndpoints() {
        return gateway.camel().getEndpoints().stream().map(org.apache.camel.Endpoint::getEndpointUri)
                .filter(uri -> uri.startsWith("http")).sorted().toList();
    }

    @Test
    void comparesAllThreeSystemsWithTheirNumbersAndRatios() throws Exception {
        HttpResponse<String> response = gateway.compare(prompt(EASY_PROMPT, 16));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode root = JSON.readTree(response.body());
        JsonNode systems = root.path("systems");
        for (String system : List.of("cascade", "baseline", "hosted")) {
            JsonNode result = systems.path(system);
            assertThat(result.path("status").asText()).as(system + ": " + result).isEqualTo("ok");
            assertThat(result.path("ttft_ms").asDouble()).as(system + " ttft").isPositive();
            assertThat(result.path("total_ms").asDouble()).as(system + " total").isGreaterThanOrEqualTo(result.path("ttft_ms").asDouble());
            assertThat(result.path("tokens_per_second").asDouble()).as(system + " tok/s").isPositive();
            assertThat(result.path("cost_usd").asDouble()).as(system + " cost").isPositive();
            assertThat(result.path("retries").asInt()).isZero();
            assertThat(result.path("error").isNull()).isTrue();
            assertThat(result.path("partial").asBoolean()).isFalse();
        }
        assertThat(systems.at("/cascade/text").asText()).isEqualTo(RESPONDER_TEXT);
        assertThat(systems.at("/cascade/route").asText()).as("an easy prompt goes to the small model").isEqualTo("small");
        assertThat(systems.at("/cascade/rule").asText()).isNotBlank();
        assertThat(systems.at("/cascade/endpoint").asText()).as("the model server that answered, not the gateway")
                .isEqualTo("small-0");
        assertThat(root.at("/sampling/max_tokens").isInt()).as("what every system was sent: %s", root.path("sampling")).isTrue();
        assertThat(systems.at("/cascade/ttft_ms").asDouble()).as("responder waits 20 ms before content").isGreaterThanOrEqualTo(20);
        assertThat(systems.at("/baseline/text").asText()).isEqualTo(RESPONDER_TEXT);
        assertThat(systems.at("/baseline/completion_tokens").asInt()).isEqualTo(ResponderBehaviour.DEFAULT_CHUNKS.size());
        assertThat(systems.at("/baseline/cost_usd").asDouble()).as("the baseline instance's price for at most the total time (alone on it)")
                .isLessThanOrEqualTo(ConfigBinding.defaults().cascade().cost().baselineUsdPerHour() / 3600 * systems.at("/baseline/total_ms").asDouble() / 1000);
        assertThat(systems.at("/hosted/text").asText()).isEqualTo(HOSTED_TEXT);
        assertThat(systems.at("/hosted/model").asText()).isEqualTo(DEFAULTS.hostedModel());
        JsonNode hosted = systems.path("hosted");
        assertThat(hosted.path("cost_usd").asDouble()).as("list prices x reported tokens").isCloseTo(
                (hosted.path("prompt_tokens").asLong() * DEFAULTS.prices().usdPerMillionInput()
                        + hosted.path("completion_tokens").asLong() * DEFAULTS.prices().usdPerMillionOutput()) / 1e6,
                within(1e-15));
        assertRatiosRecomputeFrom(root);
    }

    private static void assertRatiosRecomputeFrom(JsonNode root) {
        JsonNode systems = root.path("systems");
        for (String other : List.of("baseline", "hosted")) {
            JsonNode pair = root.path("ratios").path("cascade_vs_" + other);
            for (String[] metric : new String[][]{{"ttft", "ttft_ms"}, {"total", "total_ms"},
                    {"tokens_per_second", "tokens_per_second"}, {"cost", "cost_usd"}}) {
                double expected = Math.round(systems.path("cascade").path(metric[1]).asDouble()
                        / systems.path(other).path(metric[1]).asDouble() * 10_000.0) / 10_000.0;
                assertThat(pair.path(metric[0]).asDouble()).as("cascade_vs_%s.%s in %s", other, metric[0], root)
                        .isCloseTo(expected, within(1e-9));
            }
        }
    }

    @Test
    void callsTheHostedApiWithKeyModelAttributionAndStreaming() throws Exception {
        gateway.compare(prompt(EASY_PROMPT, 8));

        assertThat(gateway.hosted.lastHeader("Authorization")).isEqualTo("Bearer " + RoutesGateway.HOSTED_KEY);
        assertThat(gateway.hosted.lastHeader("HTTP-Referer")).isEqualTo(DEFAULTS.config().hosted().referer());
        assertThat(gateway.hosted.lastHeader("X-OpenRouter-Title")).isEqualTo(DEFAULTS.config().hosted().title());
        JsonNode body = gateway.hosted.lastBody();
        assertThat(body.path("model").asText()).isEqualTo(DEFAULTS.hostedModel());
        assertThat(body.path("stream").asBoolean()).isTrue();
        assertThat(body.path("max_tokens").asInt()).isEqualTo(8);
        assertThat(body.at("/messages/0/content").asText()).isEqualTo(EASY_PROMPT);
    }

    @Test
    void countsReasoningTokensButShowsOnlyTheAnswer() throws Exception {
        gateway.hosted.config(gateway.hosted.config().withReasoningChunks(List.of("Let me think.", " Greeting.")));

        JsonNode hosted = JSON.readTree(gateway.compare(prompt(EASY_PROMPT, 16)).body()).at("/systems/hosted");

        assertThat(hosted.path("status").asText()).isEqualTo("ok");
        assertThat(hosted.path("text").asText()).isEqualTo(HOSTED_TEXT);
        assertThat(hosted.path("reasoning_tokens").asInt()).isEqualTo(2);
        assertThat(hosted.path("completion_tokens").asInt()).as("reasoning counts as completion")
                .isEqualTo(StandInConfig.DEFAULT_CHUNKS.size() + 2);
    }

    @Test
    void asksTheHostedApiForTheConfiguredReasoningOrTheComparesOwnAndCountsItsTokens() throws Exception {
        gateway.hosted.config(gateway.hosted.config().withReasoningChunks(List.of("Let", " me", " think", ".")));

        JsonNode byDefault = JSON.readTree(gateway.compare(prompt(EASY_PROMPT, 8)).body());
        assertThat(gateway.hosted.lastBody().path("reasoning").toString()).as("configured default")
                .isEqualTo("{\"effort\":\"medium\"}");
        assertThat(byDefault.at("/systems/hosted/reasoning_tokens").asInt()).as("medium: the stand-in's 4 tokens").isEqualTo(4);
        assertThat(byDefault.path("hosted_reasoning").asText()).isEqualTo("medium");

        JsonNode high = JSON.readTree(gateway.compare("{\"prompt\":\"Hello!\",\"max_tokens\":8,\"hosted_reasoning\":\"high\"}").body());
        assertThat(gateway.hosted.lastBody().path("reasoning").toString()).isEqualTo("{\"effort\":\"high\"}");
        assertThat(high.at("/systems/hosted/reasoning_tokens").asInt()).as("high: twice as many").isEqualTo(8);
        assertThat(high.at("/systems/hosted/completion_tokens").asInt()).as("reasoning is billed as output")
                .isEqualTo(StandInConfig.DEFAULT_CHUNKS.size() + 8);
        assertThat(high.path("hosted_reasoning").asText()).isEqualTo("high");

        JsonNode budget = JSON.readTree(gateway.compare("{\"prompt\":\"Hello!\",\"max_tokens\":8,\"hosted_reasoning\":3}").body());
        assertThat(gateway.hosted.lastBody().path("reasoning").toString()).isEqualTo("{\"max_tokens\":3}");
        assertThat(budget.at("/systems/hosted/reasoning_tokens").asInt()).as("a 3-token budget").isEqualTo(3);

        JsonNode off = JSON.readTree(gateway.compare("{\"prompt\":\"Hello!\",\"max_tokens\":8,\"hosted_reasoning\":\"off\"}").body());
        assertThat(gateway.hosted.lastBody().path("reasoning").toString()).isEqualTo("{\"enabled\":false}");
        assertThat(off.at("/systems/hosted/reasoning_tokens").asInt()).as("reasoning off").isZero();
        assertThat(gateway.large.lastChatRequest() == null || !gateway.large.lastChatRequest().has("reasoning"))
                .as("reasoning goes to the hosted API only").isTrue();
    }

    @Test
    void draftOffRacesTheCascadeWithSpeculativeNMaxZeroAndSaysSo() throws Exception {
        String code = "Write a Python function that reverses a string.";
        JsonNode on = JSON.readTree(gateway.compare("{\"prompt\":\"" + code + "\",\"max_tokens\":8,\"systems\":[\"cascade\"]}").body());
        assertThat(on.at("/systems/cascade/route").asText()).as("a code prompt goes to the large tier").isEqualTo("large");
        assertThat(gateway.large.lastChatRequest().has("speculative.n_max")).as("draft on: the server's own setting").isFalse();
        assertThat(on.path("draft").asBoolean()).isTrue();

        JsonNode off = JSON.readTree(gateway.compare("{\"prompt\":\"" + code
                + "\",\"max_tokens\":8,\"systems\":[\"cascade\",\"baseline\"],\"draft\":false}").body());
        assertThat(off.at("/systems/cascade/status").asText()).isEqualTo("ok");
        assertThat(gateway.large.lastChatRequest().path("speculative.n_max").isInt()).as("sent to the large pool").isTrue();
        assertThat(gateway.large.lastChatRequest().path("speculative.n_max").asInt()).isZero();
        assertThat(gateway.baseline.lastChatRequest().has("speculative.n_max")).as("only the cascade's draft is off").isFalse();
        assertThat(off.path("draft").asBoolean()).isFalse();
    }

    @Test
    void streamsDeltasOfAllThreeSystemsInterleavedThenResultsAggregateAndDone() throws Exception {
        ResponderBehaviour slow = ResponderBehaviour.INSTANT.withChunkDelayMs(40);
        gateway.small.behaviour(slow);
        gateway.baseline.behaviour(slow);
        gateway.hosted.config(gateway.hosted.config().withChunkDelayMs(40));

        HttpTestClient.Stream stream = gateway.compareStream(prompt(EASY_PROMPT, 16));

        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
        assertThat(stream.data()).last().isEqualTo("[DONE]");
        List<JsonNode> events = stream.jsonEvents();
        JsonNode aggregate = events.get(events.size() - 1).path("aggregate");
        assertThat(aggregate.isObject()).as("the last event before [DONE] is the aggregate").isTrue();
        Map<String, StringBuilder> texts = new HashMap<>();
        Map<String, List<Integer>> deltaIndexes = new HashMap<>();
        Map<String, JsonNode> results = new HashMap<>();
        for (int i = 0; i < events.size() - 1; i++) {
            JsonNode event = events.get(i);
            String system = event.path("system").asText();
            if (event.has("delta")) {
                assertThat(results).as("no delta of %s after its result", system).doesNotContainKey(system);
                texts.computeIfAbsent(system, s -> new StringBuilder()).append(event.get("delta").asText());
                deltaIndexes.computeIfAbsent(system, s -> new ArrayList<>()).add(i);
            } else if (event.has("result")) {
                results.put(system, event.get("result"));
            }
        }
        assertThat(results).containsOnlyKeys("cascade", "baseline", "hosted");
        for (String system : results.keySet()) {
            assertThat(texts.get(system)).as(system + " deltas add up to its text")
                    .hasToString(results.get(system).path("text").asText());
            assertThat(aggregate.at("/systems/" + system + "/text").asText()).isEqualTo(texts.get(system).toString());
            for (String other : results.keySet()) {
                List<Integer> mine = deltaIndexes.get(system);
                List<Integer> theirs = deltaIndexes.get(other);
                assertThat(mine.get(0)).as("first %s delta comes before the last %s delta (interleaved): %s", system,
                        other, deltaIndexes).isLessThan(theirs.get(theirs.size() - 1));
            }
        }
        assertRatiosRecomputeFrom(aggregate);
        assertCascadeRoutedBeforeItsFirstDelta(events, results.get("cascade"));
    }

    /** The cascade's route and rule arrive in its first event, before any of its content, and match its result. */
    private static void assertCascadeRoutedBeforeItsFirstDelta(List<JsonNode> events, JsonNode cascadeResult) {
        List<JsonNode> cascade = events.stream().filter(e -> "cascade".equals(e.path("system").asText())).toList();
        JsonNode first = cascade.get(0);
        assertThat(first.has("routed")).as("the cascade's first event: %s", first).isTrue();
        assertThat(first.at("/routed/route").asText()).isEqualTo(cascadeResult.path("route").asText());
        assertThat(first.at("/routed/rule").asText()).isEqualTo(cascadeResult.path("rule").asText()).isNotBlank();
        assertThat(events.stream().filter(e -> e.has("routed"))).as("only the cascade is routed")
                .allSatisfy(e -> assertThat(e.path("system").asText()).isEqualTo("cascade"));
    }

    @Test
    void rejectsBadInputWithOpenAiShapedErrorsOnBothEndpoints() throws Exception {
        HttpResponse<String> missing = gateway.compare("{\"max_tokens\":8}");
        HttpResponse<String> tooMany = gateway.compare(prompt(EASY_PROMPT, 100_000));
        HttpResponse<String> unknownSystem = gateway.compare("{\"prompt\":\"Hi\",\"systems\":[\"gpt5\"]}");
        HttpResponse<String> tooLong = gateway.compare(prompt("x".repeat(2001), 8));
        HttpTestClient.Stream streamed = gateway.compareStream("{\"prompt\":");

        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(missing.body()).at("/error/message").asText()).contains("prompt or messages is required");
        assertThat(JSON.readTree(missing.body()).at("/error/type").asText()).isEqualTo("invalid_request_error");
        assertThat(tooMany.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(tooMany.body()).at("/error/message").asText()).contains("max_tokens", "100000");
        assertThat(unknownSystem.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(unknownSystem.body()).at("/error/message").asText()).contains("systems[0]", "gpt5");
        assertThat(tooLong.statusCode()).isEqualTo(413);
        assertThat(streamed.status()).as("bad input on the stream endpoint is a plain 400, not a stream").isEqualTo(400);
        assertThat(streamed.header("Content-Type")).startsWith("application/json");
        assertThat(gateway.hosted.chatRequestCount()).as("nothing was sent upstream").isZero();
    }
}
