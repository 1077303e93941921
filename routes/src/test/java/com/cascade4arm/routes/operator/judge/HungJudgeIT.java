package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A judge that takes the request and never answers: each call gives up at the judge's time limit and closes its
 * connection then, not at the upstream idle timeout (120 s), on the real gateway with instant upstreams and a real
 * socket that reads the request and stays silent.
 */
class HungJudgeIT {
    private static final String TOKEN = "judge-admin-token";
    private static final long JUDGE_TIMEOUT_MS = 500;

    @TempDir
    static Path dataDir;
    private static SilentJudge judge;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        judge = new SilentJudge();
        gateway = RoutesGateway.builder().withBaseline().property("cascade.data-dir", dataDir.toString())
                .properties(Map.of("cascade.admin.token", TOKEN,
                        "cascade.judge.url", "http://127.0.0.1:" + judge.port() + "/v1",
                        "cascade.judge.timeout-ms", Long.toString(JUDGE_TIMEOUT_MS),
                        "cascade.judge.max-attempts", "1", "cascade.judge.concurrency", "1"))
                .start();
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
        judge.close();
    }

    @Test
    void eachCallToASilentJudgeEndsAtTheTimeLimitAndClosesItsConnection() {
        JsonNode run = gateway.runToItsEnd("{\"prompts\": 5, \"levels\": [1], \"requests_per_level\": 5,"
                + " \"max_tokens\": 4, \"warmup_requests\": 0, \"judge\": true}", TOKEN, Duration.ofSeconds(60));

        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("done");
        JsonNode quality = run.path("quality");
        assertThat(quality.path("overall").path("unjudged").asInt()).as(quality.toString()).isEqualTo(5);
        assertThat(quality.path("prompts").findValuesAsText("reason")).allSatisfy(reason -> assertThat(reason)
                .matches("cascade first: judge (gave no answer within 500 ms|circuit breaker is open after repeated"
                        + " failures)"));
        assertThat(judge.calls()).as("calls that reached the judge").isNotEmpty();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(judge.calls())
                .allSatisfy(call -> assertThat(call.closedAfterMs()).as("held open for").isPositive()));
        System.out.println("[judge] silent judge, limit " + JUDGE_TIMEOUT_MS + " ms: " + judge.calls());
        assertThat(judge.calls()).allSatisfy(call -> assertThat(call.closedAfterMs())
                .as("the gateway closed the connection at the time limit").isBetween(JUDGE_TIMEOUT_MS - 50, 5_000L));
    }

    /** Accepts, reads whatever comes, answers nothing; notes when the client closed each connection. */
    private static final class SilentJudge implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Call> calls = new CopyOnWriteArrayList<>();

        SilentJudge() throws IOException {
            Thread acceptor = new Thread(this::accept, "silent-judge");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return server.getLocalPort();
        }

        List<Call> calls() {
            return List.copyOf(calls);
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Call call = new Call(socket, System.nanoTime());
                    calls.add(call);
                    Thread reader = new Thread(call::readUntilClosed, "silent-judge-call");
                    reader.setDaemon(true);
                    reader.start();
                } catch (IOException closed) {
                    return;
                }
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Call call : calls) {
                call.socket.close();
            }
        }
    }

    private static final class Call {
        private final Socket socket;
        private final long acceptedNanos;
        private volatile long closedAfterMs = -1;

        Call(Socket socket, long acceptedNanos) {
            this.socket = socket;
            this.acceptedNanos = acceptedNanos;
        }

        long closedAfterMs() {
            return closedAfterMs;
        }

        void readUntilClosed() {
            byte[] buffer = new byte[8192];
            try (InputStream in = socket.getInputStream()) {
                while (in.read(buffer) >= 0) {
                    // the request is read and ignored: this judge never answers
                }
            } catch (IOException reset) {
                // a reset is a close too
            }
            closedAfterMs = (System.nanoTime() - acceptedNanos) / 1_000_000;
        }

        @Override
        public String toString() {
            return "call closed after " + closedAfterMs + " ms";
        }
    }
}
