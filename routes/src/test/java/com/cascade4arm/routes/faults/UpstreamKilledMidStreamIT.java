package com.cascade4arm.routes.faults;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.cascade4arm.routes.faults.FaultGateways.CODE_PROMPT;
import static com.cascade4arm.routes.faults.FaultGateways.breaker;
import static com.cascade4arm.routes.faults.FaultGateways.chat;
import static com.cascade4arm.routes.faults.FaultGateways.json;
import static com.cascade4arm.routes.faults.FaultGateways.post;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The large pool's model server is a separate process, killed with SIGKILL while it streams an answer: the client
 * gets the part already sent and an error event within a bounded time; the refused connections that follow trip the
 * endpoint's breaker (code prompts fall back to the small pool, flagged); when the server is started again on the
 * same port the breaker goes half-open and closes on the first good call. Other clients are served throughout.
 */
class UpstreamKilledMidStreamIT {
    private static final Duration ERROR_BOUND = Duration.ofSeconds(5);
    /** Slow enough that the kill lands mid-stream (6 chunks, 1.2 s). */
    private static final String CHUNK_DELAY_MS = "200";

    @Test
    void survivesTheModelServerDyingMidStreamAndRecoversWhenItReturns() throws Exception {
        int largePort = RoutesGateway.freePort();
        try (InstantResponder small = InstantResponder.start(0);
             ResponderProcess first = ResponderProcess.start(largePort, "--chunk-delay-ms", CHUNK_DELAY_MS);
             RoutesGateway gateway = RoutesGateway.startWith(small.baseUrl(), "http://127.0.0.1:" + largePort,
                     FaultGateways.properties(Map.of()))) {
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> gateway.get("/health").statusCode() == 200);
            HealthyTraffic healthy = new HealthyTraffic(gateway.base(), 2, 50);
            double errorsBefore = gateway.metric("cascade_upstream_errors_total", "endpoint=\"large-0\"");

            // 1. Killed mid-stream: the part sent stays, an error event ends the stream, soon.
            KilledStream killed = streamAndKillAfterFirstContent(gateway, first);
            assertThat(killed.textBeforeKill()).as("content arrived before the kill").isNotEmpty();
            assertThat(killed.events()).last().isEqualTo("[DONE]");
            JsonNode error = json(killed.events().get(killed.events().size() - 2)).path("error");
            assertThat(error.path("code").asText()).isEqualTo("upstream_stream_failed");
            assertThat(error.path("message").asText()).doesNotContain("Exception", "at com.", ".java");
            assertThat(killed.afterKill()).as("error event after the kill").isLessThan(ERROR_BOUND);
            System.out.printf("[faults] killed mid-stream: error event %d ms after SIGKILL%n", killed.afterKill().toMillis());

            // 2. Refused connections: fallback flagged, quickly; the breaker opens.
            for (int i = 0; i < 5; i++) {
                long start = System.nanoTime();
                HttpResponse<String> answer = post(gateway, chat(CODE_PROMPT, false));
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(ERROR_BOUND);
                JsonNode cascade = json(answer.body()).path("cascade");
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
                assertThat(cascade.path("route").asText()).isEqualTo("small");
                assertThat(cascade.path("fallback").asBoolean()).isTrue();
            }
            assertThat(breaker(gateway, "large")).isEqualTo("open");
            assertThat(gateway.metric("cascade_upstream_errors_total", "endpoint=\"large-0\"")).isGreaterThanOrEqualTo(errorsBefore + 2);
            assertThat(gateway.metric("cascade_fallbacks_total", "from=\"large\"", "to=\"small\"")).isGreaterThanOrEqualTo(1);

            // 3. The server returns on the same port: half-open, then closed by the first good call.
            try (ResponderProcess second = ResponderProcess.start(largePort)) {
                Awaitility.await("half-open").atMost(Duration.ofSeconds(5)).until(() -> breaker(gateway, "large").equals("half_open"));
                HttpResponse<String> recovered = post(gateway, chat(CODE_PROMPT, false));
                JsonNode cascade = json(recovered.body()).path("cascade");
                assertThat(cascade.path("route").asText()).as(recovered.body()).isEqualTo("large");
                assertThat(cascade.path("fallback").asBoolean()).isFalse();
                assertThat(breaker(gateway, "large")).isEqualTo("closed");
            }

            HealthyTraffic.Report report = healthy.stop("upstream killed mid-stream");
            assertThat(report.failures()).as("other clients were served throughout").isEmpty();
            assertThat(report.requests()).isPositive();
            // A slot is freed when the response's end has been written, which can be just after the client read it.
            Awaitility.await("no slot leaked").atMost(Duration.ofSeconds(5))
                    .until(() -> gateway.edge().requestsInFlight() == 0);
        }
    }

    private record KilledStream(List<String> events, String textBeforeKill, Duration afterKill) {
    }

    private static KilledStream streamAndKillAfterFirstContent(RoutesGateway gateway, ResponderProcess upstream) throws Exception {
        HttpResponse<InputStream> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                gateway.base().resolve("/v1/chat/completions")).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(chat(CODE_PROMPT, true))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        List<String> events = new ArrayList<>();
        String textBeforeKill = null;
        long killedAt = 0;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.startsWith("data: ")) {
                    continue;
                }
                events.add(line.substring(6));
                if (killedAt == 0 && !FaultGateways.text(List.of(line.substring(6))).isEmpty()) {
                    textBeforeKill = FaultGateways.text(List.of(line.substring(6)));
                    killedAt = System.nanoTime();
                    upstream.kill();
                }
            }
        }
        assertThat(killedAt).as("a content event arrived").isPositive();
        assertThat(FaultGateways.text(events)).as("the answer was cut, not finished")
                .isNotEqualTo(String.join("", ResponderBehaviour.DEFAULT_CHUNKS));
        return new KilledStream(events, textBeforeKill, Duration.ofNanos(System.nanoTime() - killedAt));
    }
}
