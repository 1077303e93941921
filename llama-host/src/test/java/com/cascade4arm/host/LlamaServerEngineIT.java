package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.child.SupervisedChildHost;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import com.cascade4arm.host.testing.SseEvent;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The llama-server engine on the real binary: our front serves llama-server's own answers (draft statistics from
 * speculative decoding included), guards the API key, restarts a child that dies and leaves no process behind.
 */
class LlamaServerEngineIT {

    private static final String KEY = "engine-test-key";
    private static SupervisedChildHost large;
    private static HostClient client;
    /** What our log received: the supervisor's lines and the child's own output (logger "llama-server"). */
    private static final ListAppender<ILoggingEvent> LOG = new ListAppender<>();

    @BeforeAll
    static void startDraftedHost() {
        Path binary = LlamaServer.binaryOrSkip();
        LOG.start();
        for (String name : List.of("llama-server", "com.cascade4arm.host.child.ChildSupervisor")) {
            Logger logger = (Logger) LoggerFactory.getLogger(name);
            logger.setLevel(Level.DEBUG);
            logger.addAppender(LOG);
        }
        HostConfig config = HostConfig.defaults("demo-large", DemoModelFiles.path(DemoModel.LARGE))
                .withDraft(DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(2048).withParallel(2).withThreads(1)
                .withApiKey(KEY).withEngine(Engine.LLAMA_SERVER, binary);
        large = (SupervisedChildHost) ModelHosts.start(config);
        large.awaitReady(Duration.ofSeconds(60));
        client = new HostClient(large.baseUrl(), KEY);
    }

    @AfterAll
    static void stop() {
        if (large != null) {
            large.close();
        }
        for (String name : List.of("llama-server", "com.cascade4arm.host.child.ChildSupervisor")) {
            ((Logger) LoggerFactory.getLogger(name)).detachAppender(LOG);
        }
    }

    @Test
    void servesLlamaServersAnswersWithDraftStatistics() {
        JsonObject answer = client.chat("Explain how rivers shape valleys.", 24);

        assertThat(answer.getString("system_fingerprint")).as("answered by llama-server itself").startsWith("b");
        assertThat(answer.getJsonObject("usage").getInteger("completion_tokens")).isBetween(1, 24);
        assertThat(answer.getJsonObject("timings").getInteger("draft_n")).as("speculative decoding ran").isPositive();
        assertThat(answer.getJsonObject("timings").getInteger("draft_n_accepted")).isNotNull();
        assertThat(new JsonObject().put("slots", new io.vertx.core.json.JsonArray(client.get("/slots").body()))
                .getJsonArray("slots").getJsonObject(0).getBoolean("speculative")).isTrue();
        assertThat(client.metrics()).containsKey("llamacpp:tokens_predicted_total");
    }

    @Test
    void aClientThatLeavesMidStreamIsNoErrorInTheFront() throws Exception {
        ListAppender<ILoggingEvent> all = new ListAppender<>();
        all.start();
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(all);
        try {
            for (boolean reset : new boolean[]{false, true}) {
                String body = HostClient.chatBody("Tell me about the sea and the rivers.", 512, true);
                try (java.net.Socket socket = new java.net.Socket(large.baseUrl().getHost(), large.baseUrl().getPort())) {
                    socket.getOutputStream().write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            + "Authorization: Bearer " + KEY + "\r\nContent-Type: application/json\r\nContent-Length: "
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
                    if (reset) {
                        socket.setSoLinger(true, 0); // a reset, as a killed client sends
                    }
                }
            }
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(client.metrics().get("llamacpp:requests_processing")).isZero());
        } finally {
            root.detachAppender(all);
        }
        assertThat(all.list).as("clients that left: %s", all.list)
                .noneMatch(event -> event.getThrowableProxy() != null)
                .noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.ERROR));
    }

    @Test
    void streamsTokensThroughTheFront() {
        List<SseEvent> events = client.stream(HostClient.chatBody("Tell me about the sea.", 12, true));

        assertThat(events.get(events.size() - 1).isDone()).isTrue();
        assertThat(events.stream().filter(SseEvent::hasContent).count()).isBetween(1L, 12L);
        assertThat(events.get(events.size() - 2).json().getJsonObject("usage").getInteger("completion_tokens"))
                .isBetween(1, 12);
    }

    @Test
    void refusesRequestsWithoutTheHostsKey() {
        HttpResponse<String> anonymous = new HostClient(large.baseUrl(), null)
                .postJson("/v1/chat/completions", HostClient.chatBody("hi", 2, false));
        HttpResponse<String> wrong = new HostClient(large.baseUrl(), "wrong")
                .postJson("/v1/chat/completions", HostClient.chatBody("hi", 2, false));
        HttpResponse<String> nativeEndpoint = new HostClient(large.baseUrl(), null)
                .postJson("/completion", "{\"prompt\":\"hi\",\"n_predict\":2}");

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(nativeEndpoint.statusCode()).as("llama-server's own endpoints need the key too").isEqualTo(401);
        assertThat(new JsonObject(wrong.body()).getJsonObject("error").getString("type")).isEqualTo("authentication_error");
        assertThat(new HostClient(large.baseUrl(), null).get("/health").statusCode()).isEqualTo(200);
        assertThat(new HostClient(large.baseUrl(), null).get("/metrics").statusCode()).isEqualTo(200);
    }

    @Test
    void restartsAChildThatDiesAndKeepsItsAddress() {
        long firstPid = large.childPid();
        int restartsBefore = large.restarts();

        ProcessHandle.of(firstPid).orElseThrow().destroyForcibly();

        // A backoff comes first; until the supervisor has seen the exit, the dying child may still answer "Loading model".
        HttpResponse<String> restarting = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> client.get("/health"), health -> health.statusCode() == 503
                        && health.body().contains("llama-server restarting after"));
        assertThat(restarting.body()).contains("llama-server restarting after");
        await().atMost(Duration.ofSeconds(60)).until(() -> large.restarts() == restartsBefore + 1 && large.isReady());
        assertThat(client.get("/health").statusCode()).isEqualTo(200);
        assertThat(messages("com.cascade4arm.host.child.ChildSupervisor"))
                .as("the reason is logged").anyMatch(line -> line.contains("(pid " + firstPid + ")")
                        && line.contains("signal 9") && line.contains("restart #"));
        assertThat(messages("llama-server")).as("the child's own output reaches our log")
                .anyMatch(line -> line.startsWith("[demo-large] ") && line.contains("listening"));
        assertThat(large.childPid()).isNotEqualTo(firstPid);
        assertThat(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(client.chat("Tell me about rivers.", 4).getJsonObject("usage").getInteger("completion_tokens"))
                .isPositive();
    }

    private static List<String> messages(String logger) {
        synchronized (LOG.list) {
            return LOG.list.stream().filter(event -> event.getLoggerName().equals(logger))
                    .map(ILoggingEvent::getFormattedMessage).toList();
        }
    }

    @Test
    void leavesNoChildBehindWhenClosed() {
        SupervisedChildHost small = (SupervisedChildHost) ModelHosts.start(HostConfig.defaults("demo-small",
                        DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(512).withParallel(1).withThreads(1)
                .withEngine(Engine.LLAMA_SERVER, LlamaServer.binaryOrSkip()));
        small.awaitReady(Duration.ofSeconds(60));
        long pid = small.childPid();

        small.close();

        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }
}
