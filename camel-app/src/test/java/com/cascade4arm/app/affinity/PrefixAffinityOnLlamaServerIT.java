package com.cascade4arm.app.affinity;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tier of two real llama-server replicas, balanced by prefix affinity as a tier with more than one URL is by default: every turn of a conversation reaches one replica, which finds the conversation's prompt in its KV cache
 * (the cached tokens show in the answer and the metric). Skipped, with a message, without a llama-server binary.
 */
class PrefixAffinityOnLlamaServerIT {
    private static final Duration LOAD_WITHIN = Duration.ofMinutes(2);
    private static final int CONVERSATIONS = 4;
    private static final int TURNS = 3;

    private static LlamaServer first;
    private static LlamaServer second;
    private static TestGateway gateway;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        Path binary = LlamaServer.binaryOrSkip();
        Path model = DemoModels.ensure(DemoModel.SMALL);
        List<String> args = List.of("-c", "8192", "-np", "2", "-t", "1");
        first = LlamaServer.start(binary, model, args, LOAD_WITHIN);
        second = LlamaServer.start(binary, model, args, LOAD_WITHIN);
        gateway = TestGateway.boot(Map.of("cascade.small.urls", first.baseUrl() + "," + second.baseUrl(),
                "cascade.large.urls", first.baseUrl()), true); // two URLs: prefix affinity by default
        http = new HttpTestClient(gateway.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        for (LlamaServer server : new LlamaServer[]{first, second}) {
            if (server != null) {
                server.close();
            }
        }
    }

    @Test
    void keepsEachConversationOnOneReplicaWhoseCacheServesItsLaterTurns() {
        Map<String, Integer> conversationsPerReplica = new HashMap<>();
        long cachedSeen = 0;
        for (int c = 0; c < CONVERSATIONS; c++) {
            ArrayNode messages = HttpTestClient.JSON.createArrayNode();
            messages.addObject().put("role", "system").put("content",
                    ("Conversation " + c + " keeps this long briefing in mind. ").repeat(60));
            String endpoint = null;
            for (int turn = 1; turn <= TURNS; turn++) {
                messages.addObject().put("role", "user").put("content", "Turn " + turn + ": tell me more.");
                ObjectNode body = HttpTestClient.JSON.createObjectNode().put("model", "small").put("max_tokens", 8);
                body.set("messages", messages);
                HttpTestClient.Response response = http.post("/v1/chat/completions", body.toString());
                assertThat(response.status()).as(response.body()).isEqualTo(200);
                JsonNode cascade = response.json().path("cascade");
                if (turn == 1) {
                    endpoint = cascade.path("endpoint").asText();
                    assertThat(cascade.path("prefix_affinity").asText()).isIn("miss", "hit");
                } else {
                    assertThat(cascade.path("endpoint").asText()).as("conversation %d turn %d", c, turn)
                            .isEqualTo(endpoint);
                    assertThat(cascade.path("prefix_affinity").asText()).isEqualTo("hit");
                    assertThat(cascade.path("cached_prompt_tokens").asLong())
                            .as("the replica reused the conversation's prompt: %s", cascade)
                            .isGreaterThan(cascade.path("prompt_tokens").asLong() / 2);
                    cachedSeen += cascade.path("cached_prompt_tokens").asLong();
                }
                messages.addObject().put("role", "assistant")
                        .put("content", response.json().at("/choices/0/message/content").asText());
            }
            conversationsPerReplica.merge(endpoint, 1, Integer::sum);
        }
        assertThat(conversationsPerReplica).as("conversations placed evenly over the replicas (2 slots each)")
                .hasSize(2).allSatisfy((replica, count) -> assertThat(count).isEqualTo(CONVERSATIONS / 2));

        long cached = cachedSeen;
        // /metrics is rendered at most once per period (CachedScrape): wait for a scrape after the last answer.
        Awaitility.await("metrics scraped").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            String metrics = http.get("/metrics").body();
            assertThat(counter(metrics, "cascade_prompt_tokens_total\\{kind=\"cached\",tier=\"small\"}"))
                    .isGreaterThanOrEqualTo(cached);
            assertThat(counter(metrics, "cascade_prefix_affinity_total\\{outcome=\"hit\",tier=\"small\"}"))
                    .isGreaterThanOrEqualTo(CONVERSATIONS * (TURNS - 1));
        });
    }

    private static double counter(String metrics, String series) {
        Matcher m = Pattern.compile("(?m)^" + series + " (\\S+)$").matcher(metrics);
        assertThat(m.find()).as(series + " in " + metrics.lines().filter(l -> l.startsWith("cascade_p")).toList())
                .isTrue();
        return Double.parseDouble(m.group(1));
    }
}
