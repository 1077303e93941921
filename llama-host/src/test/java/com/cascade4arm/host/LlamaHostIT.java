package com.cascade4arm.host;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient.SseStream;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.host.testing.SseEvent;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/** The llama-server API of one host with the small demo model: answers, streams, metrics, keys, slots, cancels. */
class LlamaHostIT {

    static final String API_KEY = "test-key";
    static final int SLOT_CONTEXT = 1024;
    private static LlamaHost host;
    private static HostClient client;

    @BeforeAll
    static void startHost() {
        HostConfig config = HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL))
                .withCtxSize(2 * SLOT_CONTEXT)
                .withParallel(2)
                .withApiKey(API_KEY);
        host = LlamaHost.start(config);
        host.awaitReady(Duration.ofSeconds(60));
        client = new HostClient(host.baseUrl(), API_KEY);
    }

    @AfterAll
    static void stopHost() {
        if (host != null) {
            host.close();
        }
    }

    @Test
    void answersChatWithConsistentUsageAndTimings() {
        JsonObject body = client.chat("Tell me about rivers.", 16);

        assertThat(body.getString("object")).isEqualTo("chat.completion");
        assertThat(body.getString("id")).startsWith("chatcmpl-");
        assertThat(body.getString("model")).isEqualTo("demo-small");
        JsonObject choice = body.getJsonArray("choices").getJsonObject(0);
        assertThat(choice.getJsonObject("message").getString("role")).isEqualTo("assistant");
        assertThat(choice.getJsonObject("message").getString("content")).as("generated text").isNotBlank();
        assertThat(choice.getString("finish_reason")).as("greedy demo output runs to max_tokens").isEqualTo("length");
        JsonObject usage = body.getJsonObject("usage");
        JsonObject timings = body.getJsonObject("timings");
        assertThat(usage.getInteger("completion_tokens")).isBetween(1, 16);
        assertThat(usage.getInteger("total_tokens"))
                .isEqualTo(usage.getInteger("prompt_tokens") + usage.getInteger("completion_tokens"));
        assertThat(timings.getInteger("prompt_n")).as("prompt_n = usage.prompt_tokens")
                .isEqualTo(usage.getInteger("prompt_tokens")).isGreaterThan(5);
        assertThat(timings.getInteger("predicted_n")).as("predicted_n = usage.completion_tokens")
                .isEqualTo(usage.getInteger("completion_tokens"));
        assertThat(timings.getDouble("prompt_ms")).isPositive();
        assertThat(timings.getDouble("predicted_per_second")).isPositive();
        assertThat(timings.containsKey("draft_n")).as("no draft model, no draft_n").isFalse();
    }

    @Test
    void streamsRoleThenContentThenFinishUsageAndDone() {
        List<SseEvent> events = client.stream(HostClient.chatBody("Tell me about rivers.", 12, true));

        assertThat(events).last().satisfies(event -> assertThat(event.isDone()).isTrue());
        JsonObject first = events.get(0).json();
        assertThat(first.getString("object")).isEqualTo("chat.completion.chunk");
        assertThat(first.getJsonArray("choices").getJsonObject(0).getJsonObject("delta").getString("role"))
                .isEqualTo("assistant");
        List<SseEvent> contents = events.stream().filter(SseEvent::hasContent).toList();
        assertThat(contents).as("one content chunk per token").hasSizeGreaterThan(3);
        JsonObject finish = events.get(events.size() - 3).json();
        assertThat(finish.getJsonArray("choices").getJsonObject(0).getString("finish_reason")).isEqualTo("length");
        JsonObject usageChunk = events.get(events.size() - 2).json();
        assertThat(usageChunk.getJsonArray("choices")).isEmpty();
        JsonObject usage = usageChunk.getJsonObject("usage");
        JsonObject timings = usageChunk.getJsonObject("timings");
        assertThat(timings).as("timings on the last chunk before [DONE]").isNotNull();
        assertThat(usage.getInteger("completion_tokens")).isEqualTo(timings.getInteger("predicted_n"))
                .isEqualTo(contents.size());
        assertThat(usage.getInteger("prompt_tokens")).isEqualTo(timings.getInteger("prompt_n"));
        String streamed = contents.stream().map(SseEvent::content).collect(Collectors.joining());
        assertThat(streamed).as("streamed text equals the non-streamed answer")
                .isEqualTo(client.chat("Tell me about rivers.", 12).getJsonArray("choices").getJsonObject(0)
                        .getJsonObject("message").getString("content"));
    }

    @Test
    void streamsFirstTokenWhileGenerationIsStillRunning() {
        try (SseStream stream = client.openStream(HostClient.chatBody("Tell me about forests.", 200, true))) {
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
            assertThat(stream.nextContent()).isNotNull();
            assertThat(client.metric("llamacpp:requests_processing"))
                    .as("the first token arrives before the 200-token generation has finished").isEqualTo(1.0);
            assertThat(stream.readAll()).last().satisfies(event -> assertThat(event.isDone()).isTrue());
        }
    }

    @Test
    void clientDisconnectCancelsGenerationAndFreesSlot() {
        double predictedBefore = client.metric("llamacpp:tokens_predicted_total");
        int maxTokens = SLOT_CONTEXT - 100;
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(log);
        try {
            try (SseStream stream = client.openStream(HostClient.chatBody("Tell me about the sea.", maxTokens, true))) {
                assertThat(stream.nextContent()).isNotNull();
            }

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                    assertThat(client.metric("llamacpp:requests_processing")).isZero());
        } finally {
            root.detachAppender(log);
        }
        assertThat(log.list).as("a departed client is no error: %s", log.list)
                .noneMatch(event -> event.getThrowableProxy() != null)
                .noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.WARN));
        assertThat(client.metric("llamacpp:tokens_predicted_total") - predictedBefore)
                .as("tokens generated before the cancellation took effect").isLessThan(maxTokens / 2.0);
        assertThat(client.chat("Still there?", 4).getJsonArray("choices")).hasSize(1);
    }

    @Test
    void aClientThatResetsItsConnectionMidStreamIsNoError() throws Exception {
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(log);
        try {
            for (int i = 0; i < 3; i++) {
                String body = HostClient.chatBody("Tell me about the sea.", SLOT_CONTEXT - 100, true);
                try (java.net.Socket socket = new java.net.Socket(host.baseUrl().getHost(), host.baseUrl().getPort())) {
                    socket.getOutputStream().write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            + "Authorization: Bearer " + API_KEY + "\r\nContent-Type: application/json\r\nContent-Length: "
                            + body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + "\r\n\r\n" + body)
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    socket.getOutputStream().flush();
                    java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                            socket.getInputStream(), java.nio.charset.StandardCharsets.UTF_8));
                    String line;
                    while ((line = in.readLine()) != null && !line.contains("\"content\"")) {
                        // the head, then events until the first token
                    }
                    assertThat(line).as("tokens were streaming").isNotNull();
                    socket.setSoLinger(true, 0); // a reset, as a killed client sends
                }
            }
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                    assertThat(client.metric("llamacpp:requests_processing")).isZero());
        } finally {
            root.detachAppender(log);
        }
        assertThat(log.list).as("a reset client is no error: %s", log.list)
                .noneMatch(event -> event.getThrowableProxy() != null)
                .noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.WARN));
    }

    @Test
    void runsTwoRequestsAtOnceOnTwoSlots() throws Exception {
        ExecutorService readers = Executors.newFixedThreadPool(2);
        try (SseStream first = client.openStream(HostClient.chatBody("Tell me about mountains.", 200, true));
             SseStream second = client.openStream(HostClient.chatBody("Tell me about cities.", 200, true))) {
            // headers are sent when a request gets its slot, so both are generating now
            assertThat(client.metric("llamacpp:requests_processing")).as("requests generating at once").isEqualTo(2.0);
            Future<List<SseEvent>> a = readers.submit(first::readAll);
            Future<List<SseEvent>> b = readers.submit(second::readAll);

            Interval one = Interval.of(a.get(60, TimeUnit.SECONDS));
            Interval two = Interval.of(b.get(60, TimeUnit.SECONDS));
            assertThat(one.start < two.end && two.start < one.end)
                    .as("generation intervals overlap: %s and %s", one, two).isTrue();
        } finally {
            readers.shutdownNow();
        }
    }

    @Test
    void concurrentSeededAnswersMatchTheirSoloAnswers() throws Exception {
        List<Integer> seeds = List.of(11, 42);
        List<String> solo = seeds.stream().map(LlamaHostIT::seededAnswer).toList();
        assertThat(solo.get(0)).as("the seeds give different answers, so a mix-up would show").isNotEqualTo(solo.get(1));

        ExecutorService callers = Executors.newFixedThreadPool(seeds.size());
        try {
            List<Future<String>> calls = seeds.stream().map(seed -> callers.submit(() -> seededAnswer(seed))).toList();
            for (int i = 0; i < seeds.size(); i++) {
                assertThat(calls.get(i).get(60, TimeUnit.SECONDS))
                        .as("answer with seed %d while another generation shares the model", seeds.get(i))
                        .isEqualTo(solo.get(i));
            }
        } finally {
            callers.shutdownNow();
        }
    }

    private static String seededAnswer(int seed) {
        JsonObject body = new JsonObject(HostClient.chatBody("Tell me about mountains.", 48, false))
                .put("temperature", 0.9).put("seed", seed);
        HttpResponse<String> response = client.postJson("/v1/chat/completions", body.encode());
        assertThat(response.statusCode()).as("status of %s", response.body()).isEqualTo(200);
        return new JsonObject(response.body()).getJsonArray("choices").getJsonObject(0).getJsonObject("message")
                .getString("content");
    }

    @Test
    void ignoreEosGeneratesExactlyMaxTokensWhereTheModelWouldStopEarly() {
        int maxTokens = 200;
        // Sampled (not greedy) answers of the demo model end on <|im_end|>; find a seed whose answer ends early.
        int seed = java.util.stream.IntStream.rangeClosed(1, 20)
                .filter(s -> completion("Say something.", maxTokens, false, s).getJsonObject("usage")
                        .getInteger("completion_tokens") < maxTokens)
                .findFirst().orElseThrow(() -> new AssertionError("no seed of 1..20 ends before " + maxTokens + " tokens"));
        JsonObject natural = completion("Say something.", maxTokens, false, seed);
        JsonObject fixed = completion("Say something.", maxTokens, true, seed);

        assertThat(natural.getJsonArray("choices").getJsonObject(0).getString("finish_reason"))
                .as("without ignore_eos the demo model ends its answer: %s", natural).isEqualTo("stop");
        assertThat(natural.getJsonObject("usage").getInteger("completion_tokens")).isLessThan(maxTokens);
        assertThat(fixed.getJsonObject("usage").getInteger("completion_tokens")).as("ignore_eos: %s", fixed)
                .isEqualTo(maxTokens);
        assertThat(fixed.getJsonArray("choices").getJsonObject(0).getString("finish_reason")).isEqualTo("length");
    }

    private static JsonObject completion(String prompt, int maxTokens, boolean ignoreEos, int seed) {
        JsonObject body = new JsonObject(HostClient.chatBody(prompt, maxTokens, false))
                .put("temperature", 0.9).put("seed", seed).put("ignore_eos", ignoreEos);
        HttpResponse<String> response = client.postJson("/v1/chat/completions", body.encode());
        assertThat(response.statusCode()).as("status of %s", response.body()).isEqualTo(200);
        return new JsonObject(response.body());
    }

    @Test
    void describesEngineModelFileAndItsSha256UnderProps() throws Exception {
        JsonObject props = new JsonObject(client.get("/props").body());

        assertThat(props.getString("build_info")).contains("llama.cpp");
        assertThat(props.getString("model_path")).isEqualTo(DemoModelFiles.path(DemoModel.SMALL).getFileName().toString());
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                .digest(java.nio.file.Files.readAllBytes(DemoModelFiles.path(DemoModel.SMALL)));
        assertThat(props.getString("model_sha256")).isEqualTo(java.util.HexFormat.of().formatHex(digest));
        assertThat(props.getInteger("total_slots")).isEqualTo(2);
        assertThat(props.getJsonObject("default_generation_settings").getDouble("temperature")).isEqualTo(0.8, within(1e-6));
    }

    @Test
    void listsTheModelWithItsMeta() {
        JsonObject models = new JsonObject(client.get("/v1/models").body());

        assertThat(models.getString("object")).isEqualTo("list");
        JsonObject model = models.getJsonArray("data").getJsonObject(0);
        assertThat(model.getString("id")).isEqualTo("demo-small");
        assertThat(model.getString("object")).isEqualTo("model");
        assertThat(model.getString("owned_by")).isEqualTo("llamacpp");
        assertThat(model.getLong("created")).isPositive();
        JsonObject meta = model.getJsonObject("meta");
        assertThat(meta.getInteger("n_ctx")).isEqualTo(2 * SLOT_CONTEXT);
        assertThat(meta.getInteger("n_ctx_slot")).isEqualTo(SLOT_CONTEXT);
        assertThat(meta.getInteger("n_parallel")).isEqualTo(2);
        assertThat(meta.getLong("size")).isPositive();
    }

    @Test
    void exposesLlamaServerMetricsThatCountRequests() {
        double promptBefore = client.metric("llamacpp:prompt_tokens_total");
        double predictedBefore = client.metric("llamacpp:tokens_predicted_total");
        JsonObject answer = client.chat("Count this.", 8);

        String text = client.get("/metrics").body();
        for (String name : List.of("prompt_tokens_total", "prompt_seconds_total", "tokens_predicted_total",
                "tokens_predicted_seconds_total", "prompt_tokens_seconds", "predicted_tokens_seconds",
                "requests_processing", "requests_deferred")) {
            assertThat(text).contains("# HELP llamacpp:" + name + " ", "# TYPE llamacpp:" + name + " ",
                    "\nllamacpp:" + name + " ");
        }
        JsonObject usage = answer.getJsonObject("usage");
        assertThat(client.metric("llamacpp:prompt_tokens_total") - promptBefore)
                .isEqualTo(usage.getInteger("prompt_tokens").doubleValue());
        assertThat(client.metric("llamacpp:tokens_predicted_total") - predictedBefore)
                .isEqualTo(usage.getInteger("completion_tokens").doubleValue());
        assertThat(client.metric("llamacpp:predicted_tokens_seconds")).isPositive();
    }

    @Test
    void requiresTheApiKeyOnV1ButNotOnHealth() {
        HostClient anonymous = new HostClient(host.baseUrl(), null);
        HostClient wrongKey = new HostClient(host.baseUrl(), "wrong");

        HttpResponse<String> missing = anonymous.postJson("/v1/chat/completions", HostClient.chatBody("hi", 2, false));
        HttpResponse<String> wrong = wrongKey.get("/v1/models");

        assertThat(missing.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        JsonObject error = new JsonObject(missing.body()).getJsonObject("error");
        assertThat(error.getString("type")).isEqualTo("authentication_error");
        assertThat(error.getInteger("code")).isEqualTo(401);
        assertThat(anonymous.get("/health").statusCode()).isEqualTo(200);
        assertThat(new JsonObject(anonymous.get("/health").body()).getString("status")).isEqualTo("ok");
    }

    @Test
    void acceptsContentAsTextPartsAndStopStrings() {
        JsonObject body = new JsonObject()
                .put("messages", new JsonArray()
                        .add(new JsonObject().put("role", "system").put("content", "Be brief."))
                        .add(new JsonObject().put("role", "user").put("content", new JsonArray()
                                .add(new JsonObject().put("type", "text").put("text", "Tell me ")).add(
                                        new JsonObject().put("type", "text").put("text", "about rivers.")))))
                .put("max_completion_tokens", 6).put("temperature", 0).put("stop", "zzzz").put("seed", 42);

        HttpResponse<String> response = client.postJson("/v1/chat/completions", body.encode());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(new JsonObject(response.body()).getJsonObject("usage").getInteger("completion_tokens"))
                .isBetween(1, 6);
    }

    /** Client-side time span from a stream's first to last content chunk. */
    record Interval(long start, long end) {
        static Interval of(List<SseEvent> events) {
            List<SseEvent> contents = events.stream().filter(SseEvent::hasContent).toList();
            assertThat(contents).as("content chunks").hasSizeGreaterThan(5);
            return new Interval(contents.get(0).receivedNanos(), contents.get(contents.size() - 1).receivedNanos());
        }
    }

}
