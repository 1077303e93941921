package com.cascade4arm.host;

import com.cascade4arm.host.child.SupervisedChildHost;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.host.testing.SseEvent;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The in-process engine in a supervised JVM of its own (how the embedded default runs each demo model): the child is
 * another process running our host, answers come from it through the front, the host's key is enforced, a child that
 * dies is restarted behind the same address, and closing the host leaves no process behind.
 */
class HostProcessIT {

    private static final String KEY = "process-test-key";
    private static SupervisedChildHost host;
    private static HostClient client;

    @BeforeAll
    static void startHostInItsOwnProcess() {
        HostConfig config = HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(1024)
                .withParallel(1).withSerializeRequests(true).withThreads(1).withApiKey(KEY).withEngine(Engine.JNI, null);
        host = (SupervisedChildHost) ModelHosts.start(config, true);
        host.awaitReady(Duration.ofSeconds(90));
        client = new HostClient(host.baseUrl(), KEY);
    }

    @AfterAll
    static void stop() {
        if (host != null) {
            host.close();
        }
    }

    @Test
    void theModelRunsInAnotherProcessOfOurHost() {
        ProcessHandle child = ProcessHandle.of(host.childPid()).orElseThrow();

        assertThat(child.pid()).isNotEqualTo(ProcessHandle.current().pid());
        assertThat(commandLine(child.pid())).contains(LlamaHostMain.class.getName(), "--serialize-requests", "true");
        JsonObject answer = client.chat("Explain how rivers shape valleys.", 12);
        assertThat(answer.getString("model")).isEqualTo("demo-small");
        assertThat(answer.getJsonObject("usage").getInteger("completion_tokens")).isBetween(1, 12);
        assertThat(client.get("/props").body()).contains("demo-small");
    }

    @Test
    void streamsTokensThroughTheFront() {
        List<SseEvent> events = client.stream(HostClient.chatBody("Tell me about the sea.", 10, true));

        assertThat(events.get(events.size() - 1).isDone()).isTrue();
        assertThat(events.stream().filter(SseEvent::hasContent).count()).isBetween(1L, 10L);
    }

    @Test
    void refusesRequestsWithoutTheHostsKey() {
        HttpResponse<String> anonymous = new HostClient(host.baseUrl(), null)
                .postJson("/v1/chat/completions", HostClient.chatBody("hi", 2, false));

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(new HostClient(host.baseUrl(), null).get("/health").statusCode()).isEqualTo(200);
    }

    @Test
    void restartsAChildThatDiesAndKeepsItsAddress() {
        long firstPid = host.childPid();
        int restartsBefore = host.restarts();

        ProcessHandle.of(firstPid).orElseThrow().destroyForcibly();

        await().atMost(Duration.ofSeconds(90)).until(() -> host.restarts() == restartsBefore + 1 && host.isReady());
        assertThat(host.childPid()).isNotEqualTo(firstPid);
        assertThat(client.chat("Tell me about rivers.", 4).getJsonObject("usage").getInteger("completion_tokens"))
                .isPositive();
    }

    @Test
    void closingTheHostStopsItsChild() {
        HostConfig config = HostConfig.defaults("demo-closing", DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(512)
                .withParallel(1).withThreads(1).withEngine(Engine.JNI, null);
        SupervisedChildHost second = (SupervisedChildHost) ModelHosts.start(config, true);
        second.awaitReady(Duration.ofSeconds(90));
        ProcessHandle child = ProcessHandle.of(second.childPid()).orElseThrow();

        second.close();

        await().atMost(Duration.ofSeconds(20)).until(() -> !child.isAlive());
        assertThat(ProcessHandle.current().descendants().filter(p -> commandLine(p.pid()).contains("demo-closing")))
                .isEmpty();
    }

    /** The process's arguments from /proc (ProcessHandle.Info leaves them out for long class paths). */
    private static List<String> commandLine(long pid) {
        try {
            return List.of(Files.readString(Path.of("/proc", String.valueOf(pid), "cmdline")).split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }
}
