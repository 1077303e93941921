package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.hosted.Fault;
import com.cascade4arm.standins.hosted.StandInConfig;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadPoolExecutor;

import static com.cascade4arm.routes.testing.RoutesGateway.JSON;
import static com.cascade4arm.routes.testing.RoutesGateway.prompt;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hosted API misbehaving (scripted on the stand-in) while cascade and baseline answer: retries that honour
 * Retry-After, the cap, cooldown after a 429 storm, errors in 200 bodies and in the stream, dropped connections,
 * the deadline, the breaker, a wrong key.
 */
class CompareResilienceIT {
    private static final long DEADLINE_MS = 4_000;
    private static final long MAX_WAIT_MS = 2_000;
    private static final long COOLDOWN_MS = 1_000;
    /** Slack for a loaded 2-core machine on top of the deadline. */
    private static final long DEADLINE_MARGIN_MS = 1_500;
    private static final String PROMPT = "Hello!";
    private static final String HOSTED_TEXT = String.join("", StandInConfig.DEFAULT_CHUNKS);
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        gateway = RoutesGateway.builder().withBaseline().withHosted(true).properties(Map.of(
                "cascade.compare.deadline-ms", String.valueOf(DEADLINE_MS),
                "cascade.compare.retry.max-wait-ms", String.valueOf(MAX_WAIT_MS),
                "cascade.compare.retry.initial-backoff-ms", "100",
                "cascade.compare.retry.max-attempts", "3",
                "cascade.compare.cooldown.after-429s", "3",
                "cascade.compare.cooldown.duration-ms", String.valueOf(COOLDOWN_MS),
                "cascade.compare.breaker.open-ms", "60000")).start();
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
    }

    @BeforeEach
    void healthyUpstreams() {
        gateway.small.behaviour(ResponderBehaviour.INSTANT);
        gateway.large.behaviour(ResponderBehaviour.INSTANT);
        gateway.baseline.behaviour(ResponderBehaviour.INSTANT);
        gateway.hosted.reset();
        gateway.hosted.config(StandInConfig.DEFAULTS.withApiKey(RoutesGateway.HOSTED_KEY));
        gateway.compareService().resetResilience();
    }

    /**
     * No attempt outlives its test: an attempt the deadline gave up on before its first byte still ends when its late
     * answer comes, and its outcome would reach the next test's cooldown (a non-429 answer breaks a 429 streak).
     */
    @AfterEach
    void attemptsEnded() {
        ThreadPoolExecutor legThreads = (ThreadPoolExecutor) gateway.compareService().legThreads();
        Awaitility.await("every compare-leg thread idle").atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(50)).until(() -> legThreads.getActiveCount() == 0);
    }

    private static JsonNode compare() throws IOException, InterruptedException {
        var response = gateway.compare(prompt(PROMPT, 16));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private static void assertOthersOk(JsonNode root) {
        assertThat(root.at("/systems/cascade/status").asText()).as("cascade in %s", root).isEqualTo("ok");
        assertThat(root.at("/systems/baseline/status").asText()).as("baseline in %s", root).isEqualTo("ok");
    }

    private static long gapMs(List<Long> arrivals, int index) {
        return (arrivals.get(index) - arrivals.get(index - 1)) / 1_000_000;
    }

    @Test
    void backsOffOn429ForRetryAfterThenSucceeds() throws Exception {
        gateway.hosted.enqueue(Fault.rateLimited("0.3"));

        JsonNode root = compare();

        JsonNode hosted = root.at("/systems/hosted");
        assertThat(hosted.path("status").asText()).as(hosted.toString()).isEqualTo("ok");
        assertThat(hosted.path("retries").asInt()).isEqualTo(1);
        assertThat(hosted.path("text").asText()).isEqualTo(HOSTED_TEXT);
        assertThat(gapMs(gateway.hosted.arrivalNanos(), 1)).as("second call waited for Retry-After: 0.3").isGreaterThanOrEqualTo(300);
        assertThat(hosted.path("ttft_ms").asDouble()).as("TTFT counts the wait").isGreaterThanOrEqualTo(300);
        assertOthersOk(root);
        assertThat(root.at("/ratios/cascade_vs_hosted/ttft").isNumber()).isTrue();
    }

    @Test
    void honoursXRateLimitResetFromOpenRoutersErrorBody() throws Exception {
        gateway.hosted.enqueue(Fault.rateLimitedUntil(System.currentTimeMillis() + 500));

        JsonNode hosted = compare().at("/systems/hosted");

        assertThat(hosted.path("status").asText()).as(hosted.toString()).isEqualTo("ok");
        assertThat(hosted.path("retries").asInt()).isEqualTo(1);
        assertThat(gapMs(gateway.hosted.arrivalNanos(), 1)).as("waited until the reset, not the 100 ms backoff")
                .isGreaterThanOrEqualTo(250);
    }

    @Test
    void retriesA503WithExponentialBackoffWhenNoRetryAfterIsGiven() throws Exception {
        gateway.hosted.enqueue(Fault.unavailable(null), Fault.unavailable(null));

        JsonNode hosted = compare().at("/systems/hosted");

        assertThat(hosted.path("status").asText()).as(hosted.toString()).isEqualTo("ok");
        assertThat(hosted.path("retries").asInt()).isEqualTo(2);
        List<Long> arrivals = gateway.hosted.arrivalNanos();
        assertThat(gapMs(arrivals, 1)).as("first backoff 100 ms -20 %").isGreaterThanOrEqualTo(80);
        assertThat(gapMs(arrivals, 2)).as("second backoff 200 ms -20 %").isGreaterThanOrEqualTo(160);
    }

    @Test
    void streamsARetryingEventWhileBackingOff() throws Exception {
        gateway.hosted.enqueue(Fault.rateLimited("0.3"));

        List<JsonNode> events = gateway.compareStream(prompt(PROMPT, 16)).jsonEvents();

        JsonNode retrying = events.stream().filter(e -> "retrying".equals(e.path("status").asText())).findFirst().orElseThrow();
        assertThat(retrying.path("system").asText()).isEqualTo("hosted");
        assertThat(retrying.path("attempt").asInt()).as("the upcoming attempt").isEqualTo(2);
        assertThat(retrying.path("retry_in_ms").asLong()).isGreaterThanOrEqualTo(300);
        assertThat(retrying.path("reason").asText()).contains("429");
        assertThat(events.get(events.size() - 1).at("/aggregate/systems/hosted/status").asText()).isEqualTo("ok");
    }

    @Test
    void failsFastWhenRetryAfterIsAboveTheCapWhileTheOthersSucceed() throws Exception {
        gateway.hosted.enqueue(Fault.rateLimited("30"));

        long started = System.nanoTime();
        JsonNode root = compare();
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        JsonNode hosted = root.at("/systems/hosted");
        assertThat(hosted.path("status").asText()).isEqualTo("error");
        assertThat(hosted.path("error").asText()).contains("HTTP 429", "Retry-After: 30", "above the cap of 2000 ms");
        assertThat(hosted.path("retries").asInt()).isZero();
        assertThat(gateway.hosted.chatRequestCount()).isEqualTo(1);
        assertThat(tookMs).as("no waiting for 30 s").isLessThan(MAX_WAIT_MS);
        assertOthersOk(root);
        assertThat(root.at("/ratios/cascade_vs_hosted/ttft").isNull()).as("no ratio against a failed system").isTrue();
        assertThat(root.at("/ratios/cascade_vs_baseline/ttft").isNumber()).isTrue();
    }

    @Test
    void coolsDownAfterA429StormAndReportsCoolingDownQuicklyUntilItRecovers() throws Exception {
        gateway.hosted.enqueue(Fault.rateLimitStorm(3, "0"));

        JsonNode storm = compare().at("/systems/hosted");

        assertThat(storm.path("status").asText()).as(storm.toString()).isEqualTo("error");
        assertThat(storm.path("retries").asInt()).isEqualTo(2);
        assertThat(storm.path("error").asText()).contains("cools down for 1 s");
        assertThat(storm.path("cooldown_seconds").asLong()).isEqualTo(1);
        assertThat(gateway.hosted.chatRequestCount()).isEqualTo(3);

        long started = System.nanoTime();
        JsonNode next = compare();
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        JsonNode cooling = next.at("/systems/hosted");
        assertThat(cooling.path("status").asText()).isEqualTo("cooling_down");
        assertThat(cooling.path("cooldown_seconds").asLong()).isEqualTo(1L);
        assertThat(gateway.hosted.chatRequestCount()).as("not called while cooling down").isEqualTo(3);
        assertThat(tookMs).as("skipped quickly").isLessThan(1_000);
        assertOthersOk(next);

        Awaitility.await("hosted answers again after the cooldown").atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> compare().at("/systems/hosted/status").asText().equals("ok"));
    }

    @Test
    void reportsAnErrorSentInsideA200Body() throws Exception {
        gateway.hosted.enqueue(Fault.errorIn200());

        JsonNode root = compare();

        JsonNode hosted = root.at("/systems/hosted");
        assertThat(hosted.path("status").asText()).isEqualTo("error");
        assertThat(hosted.path("error").asText()).contains("HTTP 200 with an error", "Provider returned error");
        assertThat(hosted.path("retries").asInt()).as("a provider error is not retried").isZero();
        assertThat(hosted.path("text").asText()).isEmpty();
        assertOthersOk(root);
    }

    @Test
    void reportsAnSseErrorEventWithThePartialAnswer() throws Exception {
        gateway.hosted.enqueue(Fault.sseError(2));

        JsonNode root = compare();

        JsonNode hosted = root.at("/systems/hosted");
        assertThat(hosted.path("status").asText()).isEqualTo("error");
        assertThat(hosted.path("error").asText()).contains("Provider disconnected unexpectedly");
        assertThat(hosted.path("text").asText()).isEqualTo("Hosted stand-in");
        assertThat(hosted.path("partial").asBoolean()).isTrue();
        assertThat(hosted.path("retries").asInt()).isZero();
        assertThat(hosted.path("tokens_per_second").isNull()).as("no rate for an incomplete answer").isTrue();
        assertThat(gateway.hosted.chatRequestCount()).isEqualTo(1);
        assertOthersOk(root);
    }

    @Test
    void neverRetriesAfterTokensWereShownWhenTheConnectionDrops() throws Exception {
        gateway.hosted.enqueue(Fault.dropMidStream(2), Fault.OK);

        JsonNode root = compare();

        JsonNode hosted = root.at("/systems/hosted");
        assertThat(hosted.path("status").asText()).as(hosted.toString()).isEqualTo("error");
        assertThat(hosted.path("text").asText()).isEqualTo("Hosted stand-in");
        assertThat(hosted.path("partial").asBoolean()).isTrue();
        assertThat(hosted.path("retries").asInt()).isZero();
        assertThat(gateway.hosted.chatRequestCount()).as("no second call").isEqualTo(1);
        assertOthersOk(root);
    }

    @Test
    void respectsTheDeadlineWhenTheFirstByteIsTooSlow() throws Exception {
        gateway.hosted.enqueue(Fault.slowFirstByte(DEADLINE_MS + 4_000));

        long started = System.nanoTime();
        JsonNode root = compare();
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        JsonNode hosted = root.at("/systems/hosted");
        assertThat(hosted.path("status").asText()).isEqualTo("error");
        assertThat(hosted.path("error").asText()).contains("deadline of " + DEADLINE_MS + " ms");
        assertThat(tookMs).as("the compare returns within its deadline").isBetween(DEADLINE_MS - 100, DEADLINE_MS + DEADLINE_MARGIN_MS);
        assertThat(root.path("deadline_ms").asLong()).isEqualTo(DEADLINE_MS);
        assertOthersOk(root);
    }

    @Test
    void reportsAWrongKeyWithoutRetrying() throws Exception {
        gateway.hosted.config(gateway.hosted.config().withApiKey("another-key"));

        JsonNode hosted = compare().at("/systems/hosted");

        assertThat(hosted.path("status").asText()).isEqualTo("error");
        assertThat(hosted.path("error").asText()).contains("HTTP 401");
        assertThat(hosted.path("retries").asInt()).isZero();
    }

    @Test
    void opensTheHostedBreakerAfterRepeatedFailuresAndStopsCallingIt() throws Exception {
        gateway.hosted.enqueue(Fault.serverError(), Fault.serverError(), Fault.serverError(), Fault.serverError());
        for (int i = 0; i < 4; i++) {
            assertThat(compare().at("/systems/hosted/error").asText()).contains("HTTP 500");
        }

        JsonNode root = compare();

        assertThat(root.at("/systems/hosted/error").asText()).contains("circuit breaker is open");
        assertThat(gateway.hosted.chatRequestCount()).as("the open breaker kept the 5th call away").isEqualTo(4);
        assertOthersOk(root);
    }

    @Test
    void cancelsEveryLegWhenTheStreamClientDisconnects() throws Exception {
        ResponderBehaviour slow = ResponderBehaviour.INSTANT.withChunkDelayMs(600);
        gateway.small.behaviour(slow);
        gateway.baseline.behaviour(slow);
        gateway.hosted.config(gateway.hosted.config().withChunkDelayMs(600));
        byte[] body = prompt(PROMPT, 16).getBytes(StandardCharsets.UTF_8);

        try (Socket socket = new Socket(gateway.base().getHost(), gateway.base().getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/compare/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.contains("\"delta\"")) {
                // headers and events until the first token
            }
            assertThat(line).as("a first delta arrived").isNotNull();
        }

        // Each upstream would stream for ~3.6 s and the deadline is 4 s: seeing them stop sooner means the disconnect did it.
        Awaitility.await("hosted stream cut").atMost(Duration.ofMillis(1_500))
                .until(() -> gateway.hosted.abortedStreams() >= 1);
        Awaitility.await("baseline and cascade (small pool) streams cut").atMost(Duration.ofMillis(1_500))
                .until(() -> RoutesGateway.requestsProcessing(gateway.baseline) <= 1
                        && RoutesGateway.requestsProcessing(gateway.small) <= 1);
    }
}
