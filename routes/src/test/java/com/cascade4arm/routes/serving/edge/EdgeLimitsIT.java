package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.http.RawHttp;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edge's limits on a real gateway over real sockets: per-client token buckets (clients told apart by
 * X-Forwarded-For from the trusted 127.0.0.1, and by source address 127.0.0.2 which is not trusted), concurrency and
 * stream caps, header limits, 405s, and the connection watchdog's deadlines against slow clients.
 */
class EdgeLimitsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long HEADER_TIMEOUT_MS = 1_000;
    private static final long BODY_TIMEOUT_MS = 1_000;
    private static final long WRITE_STALL_MS = 1_000;
    /** The sweep runs every quarter deadline; a close is due within deadline + one sweep, plus scheduling slack. */
    private static final Duration CLOSE_BOUND = Duration.ofMillis(HEADER_TIMEOUT_MS + 1_500);
    private static final AtomicInteger CLIENTS = new AtomicInteger();

    private static InstantResponder small;
    private static InstantResponder large;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        small = InstantResponder.start(0);
        large = InstantResponder.start(0);
        gateway = RoutesGateway.startWith(small.baseUrl(), large.baseUrl(), Map.ofEntries(
                Map.entry("cascade.upstream.health-interval-ms", "60000"),
                Map.entry("cascade.edge.rate-limit.enabled", "true"), // on loopback too: the limits are what this tests
                Map.entry("cascade.edge.rate-limit.requests-per-second", "0.2"),
                Map.entry("cascade.edge.rate-limit.burst", "3"),
                Map.entry("cascade.edge.rate-limit.reads-per-second", "0.5"),
                Map.entry("cascade.edge.rate-limit.reads-burst", "4"),
                Map.entry("cascade.edge.max-concurrent-per-client", "2"),
                Map.entry("cascade.edge.max-concurrent-requests", "4"),
                Map.entry("cascade.edge.max-streams", "3"),
                Map.entry("cascade.edge.max-connections", "40"),
                Map.entry("cascade.edge.trusted-proxies", "127.0.0.1"),
                Map.entry("cascade.edge.header-timeout-ms", String.valueOf(HEADER_TIMEOUT_MS)),
                Map.entry("cascade.edge.body-timeout-ms", String.valueOf(BODY_TIMEOUT_MS)),
                Map.entry("cascade.edge.write-stall-timeout-ms", String.valueOf(WRITE_STALL_MS)),
                Map.entry("cascade.edge.max-headers", "20"),
                Map.entry("cascade.edge.max-header-bytes", "2048"),
                Map.entry("cascade.edge.max-request-line-bytes", "1024")));
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
        small.close();
        large.close();
    }

    @BeforeEach
    void instantUpstreams() {
        small.behaviour(ResponderBehaviour.INSTANT);
        large.behaviour(ResponderBehaviour.INSTANT);
    }

    @Test
    void rateLimitsEachClientAndSaysWhenToRetry() throws Exception {
        String client = newClient();
        for (int i = 0; i < 3; i++) {
            assertThat(explain(client).statusCode()).as("request %d of the burst", i + 1).isEqualTo(200);
        }

        HttpResponse<String> refused = explain(client);

        assertError(refused, 429, "rate_limit_error", "rate_limit_exceeded");
        assertThat(Integer.parseInt(refused.headers().firstValue("Retry-After").orElseThrow()))
                .as("whole seconds until the next token (one every 5 s)").isBetween(1, 5);
        assertThat(message(refused)).contains(client, "0.2 requests per second", "bursts of 3");
        assertThat(explain(newClient()).statusCode()).as("another client is not affected").isEqualTo(200);
    }

    @Test
    void readsHaveABucketOfTheirOwn() throws Exception {
        String client = newClient();
        for (int i = 0; i < 4; i++) {
            assertThat(get("/v1/models", client).statusCode()).as("read %d of the burst", i + 1).isEqualTo(200);
        }

        HttpResponse<String> refused = get("/v1/models", client);

        assertError(refused, 429, "rate_limit_error", "rate_limit_exceeded");
        assertThat(refused.headers().firstValue("Retry-After")).as("one read every 2 s").contains("2");
        assertThat(message(refused)).contains("0.5 reads per second", "bursts of 4");
        assertThat(explain(client).statusCode()).as("the reads did not use up the client's requests").isEqualTo(200);
    }

    @Test
    void ignoresForwardedForFromAnUntrustedPeer() {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            // from 127.0.0.2 (not a trusted proxy): a fresh spoofed X-Forwarded-For each time must not help
            String body = "{\"prompt\":\"hi\"}";
            statuses.add(RawHttp.exchange(gateway.port(), "127.0.0.2", ("POST /api/route HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "X-Forwarded-For: 198.51.100." + i + "\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length() + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII)).status());
        }

        assertThat(statuses).containsExactly(200, 200, 200, 429);
    }

    @Test
    void neverRateLimitsHealthMetricsOrTheModelCatalogueOfOtherClients() {
        String client = newClient();
        for (int i = 0; i < 20; i++) {
            assertThat(get("/health", client).statusCode()).isEqualTo(200);
            assertThat(get("/metrics", client).statusCode()).isEqualTo(200);
        }
        assertThat(get("/v1/models", client).statusCode()).as("health and metrics took no token").isEqualTo(200);
    }

    @Test
    void capsConcurrentRequestsPerClient() {
        small.behaviour(ResponderBehaviour.INSTANT.withFirstByteDelayMs(1_500));
        String client = newClient();

        List<HttpResponse<String>> answers = concurrently(3, i -> chat(client, false));

        assertThat(statuses(answers)).containsExactlyInAnyOrder(200, 200, 429);
        HttpResponse<String> refused = answers.stream().filter(r -> r.statusCode() == 429).findFirst().orElseThrow();
        assertError(refused, 429, "rate_limit_error", "too_many_concurrent_requests");
        assertThat(refused.headers().firstValue("Retry-After")).contains("1");
        awaitNoSlotsHeld();
    }

    @Test
    void capsConcurrentRequestsOfAllClientsTogether() {
        small.behaviour(ResponderBehaviour.INSTANT.withFirstByteDelayMs(1_500));

        List<HttpResponse<String>> answers = concurrently(5, i -> chat(newClient(), false));

        assertThat(statuses(answers)).containsExactlyInAnyOrder(200, 200, 200, 200, 503);
        HttpResponse<String> refused = answers.stream().filter(r -> r.statusCode() == 503).findFirst().orElseThrow();
        assertError(refused, 503, "unavailable_error", "overloaded");
        assertThat(refused.headers().firstValue("Retry-After")).contains("1");
        awaitNoSlotsHeld();
    }

    @Test
    void capsConcurrentStreams() {
        small.behaviour(ResponderBehaviour.INSTANT.withFirstByteDelayMs(1_500));

        List<HttpResponse<String>> answers = concurrently(4, i -> chat(newClient(), true));

        assertThat(statuses(answers)).containsExactlyInAnyOrder(200, 200, 200, 503);
        assertError(answers.stream().filter(r -> r.statusCode() == 503).findFirst().orElseThrow(),
                503, "unavailable_error", "too_many_streams");
        assertThat(answers.stream().filter(r -> r.statusCode() == 200)).allMatch(r -> r.body().contains("[DONE]"));
        awaitNoSlotsHeld();
    }

    @Test
    void letsTheGatewaysOwnLoopbackCallsPastThePerClientLimitsWithoutCountingThemAgainstTheirAddress() {
        small.behaviour(ResponderBehaviour.INSTANT.withFirstByteDelayMs(1_000));
        String client = newClient();
        String internal = gateway.edge().internalAuthorization();

        List<HttpResponse<String>> answers = concurrently(4, i -> i < 3
                ? send(chatRequest(client, false).header("Authorization", internal)) // 3 > the per-client 2, 4 > burst 3
                : chat(client, false));

        assertThat(statuses(answers)).as("internal calls exempt; the client's own request not blocked by them")
                .containsOnly(200);
        awaitNoSlotsHeld();
    }

    @Test
    void closesAConnectionThatSendsHalfARequestLine() throws IOException {
        double before = rejections("header_timeout");
        try (Socket socket = RawHttp.connect(gateway.port(), null)) {
            socket.getOutputStream().write("GET /heal".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();

            Duration closedAfter = RawHttp.timeUntilClosed(socket, Duration.ofSeconds(10));

            System.out.printf("[edge] slowloris connection closed after %d ms (header timeout %d ms)%n",
                    closedAfter == null ? -1 : closedAfter.toMillis(), HEADER_TIMEOUT_MS);
            assertThat(closedAfter).as("closed by the server").isNotNull();
            assertThat(closedAfter).isLessThan(CLOSE_BOUND).isGreaterThanOrEqualTo(Duration.ofMillis(HEADER_TIMEOUT_MS - 100));
        }
        assertThat(rejections("header_timeout")).isGreaterThan(before);
    }

    @Test
    void answers408WhenTheBodyDoesNotArrive() throws IOException {
        try (Socket socket = RawHttp.connect(gateway.port(), null)) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: " + newClient()
                    + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"messages\":")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.setSoTimeout((int) CLOSE_BOUND.toMillis() + 1_000);

            RawHttp.Answer answer = RawHttp.read(socket.getInputStream());

            assertThat(answer.status()).isEqualTo(408);
            assertThat(JSON.readTree(answer.body()).path("error").path("code").asText()).isEqualTo("request_timeout");
            assertThat(RawHttp.timeUntilClosed(socket, Duration.ofSeconds(5))).as("then closed").isNotNull();
        }
        awaitNoSlotsHeld();
    }

    @Test
    void disconnectsAClientThatStopsReadingAndCancelsItsUpstream() throws Exception {
        String chunk = "x".repeat(65_536);
        large.behaviour(ResponderBehaviour.INSTANT.withContentChunks(Collections.nCopies(200, chunk)));
        double before = rejections("write_stall");
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(1_024);
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", gateway.port()));
            String body = chatBody("Refactor this function: def f(x): return x*2", true, 200);
            socket.getOutputStream().write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: " + newClient()
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            // ... and never read.

            Awaitility.await("client cut for not reading").atMost(Duration.ofMillis(WRITE_STALL_MS + 5_000))
                    .pollInterval(Duration.ofMillis(100)).until(() -> rejections("write_stall") > before);
            Awaitility.await("the upstream request was cancelled").atMost(Duration.ofSeconds(5))
                    .until(() -> requestsProcessing(large) == 0);
            assertThat(RawHttp.timeUntilClosed(socket, Duration.ofSeconds(5))).as("the socket is closed").isNotNull();
        }
        awaitNoSlotsHeld();
    }

    @Test
    void refusesTooManyHeadersInOpenAiShape() {
        StringBuilder request = new StringBuilder("GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        for (int i = 0; i < 30; i++) {
            request.append("X-Flood: ").append(i).append("\r\n"); // one name repeated: every line counts
        }
        RawHttp.Answer answer = RawHttp.exchange(gateway.port(), request.append("\r\n").toString());

        assertRawError(answer, 431, "too_many_headers");
    }

    @Test
    void refusesOversizedHeadersAndRequestLinesInOpenAiShape() {
        RawHttp.Answer bigHeader = RawHttp.exchange(gateway.port(),
                "GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "y".repeat(3_000) + "\r\n\r\n");
        RawHttp.Answer longLine = RawHttp.exchange(gateway.port(),
                "GET /v1/models?q=" + "z".repeat(2_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        RawHttp.Answer garbage = RawHttp.exchange(gateway.port(), "\u0001\u0002 NOT HTTP AT ALL\r\n\r\n");

        assertRawError(bigHeader, 431, "headers_too_large");
        assertRawError(longLine, 414, "request_line_too_long");
        assertRawError(garbage, 400, "malformed_request");
        assertThat(gateway.get("/health").statusCode()).isEqualTo(200);
    }

    @Test
    void answers405WithAllowForAKnownPathAskedWithTheWrongMethod() throws IOException {
        HttpResponse<String> get = get("/v1/chat/completions", newClient());
        HttpResponse<String> delete = gateway.send(HttpRequest.newBuilder(gateway.base().resolve("/api/bench/runs"))
                .DELETE().build());

        assertError(get, 405, "invalid_request_error", "method_not_allowed");
        assertThat(get.headers().firstValue("Allow")).contains("POST");
        assertThat(delete.statusCode()).isEqualTo(405);
        assertThat(delete.headers().firstValue("Allow")).contains("GET, POST");
        assertThat(get("/v1/nothing", newClient()).statusCode()).as("unknown paths stay 404").isEqualTo(404);
    }

    @Test
    void closesConnectionsAboveTheCap() throws IOException {
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> gateway.edge().openConnections() == 0);
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 40; i++) {
                held.add(RawHttp.connect(gateway.port(), null));
            }
            Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> gateway.edge().openConnections() == 40);
            try (Socket extra = RawHttp.connect(gateway.port(), null)) {
                assertThat(RawHttp.timeUntilClosed(extra, Duration.ofMillis(500))).as("the 41st is closed at once").isNotNull();
            }
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    // ---- helpers

    private static String newClient() {
        return "198.18.0." + CLIENTS.incrementAndGet();
    }

    private static HttpResponse<String> get(String path, String client) {
        return gateway.send(HttpRequest.newBuilder(gateway.base().resolve(path)).header("X-Forwarded-For", client)
                .timeout(Duration.ofSeconds(30)).GET().build());
    }

    private static HttpResponse<String> explain(String client) {
        return gateway.send(HttpRequest.newBuilder(gateway.base().resolve("/api/route")).header("X-Forwarded-For", client)
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString("{\"prompt\":\"hi\"}")).build());
    }

    private static HttpResponse<String> chat(String client, boolean stream) {
        return send(chatRequest(client, stream));
    }

    private static HttpRequest.Builder chatRequest(String client, boolean stream) {
        return HttpRequest.newBuilder(gateway.base().resolve("/v1/chat/completions")).header("X-Forwarded-For", client)
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(chatBody("Hello!", stream, 4)));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        return gateway.send(request.build());
    }

    private static String chatBody(String prompt, boolean stream, int maxTokens) {
        var root = JSON.createObjectNode().put("stream", stream).put("max_tokens", maxTokens);
        root.putArray("messages").addObject().put("role", "user").put("content", prompt);
        return root.toString();
    }

    private static List<HttpResponse<String>> concurrently(int n, java.util.function.IntFunction<HttpResponse<String>> call) {
        List<CompletableFuture<HttpResponse<String>>> futures = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int index = i;
            futures.add(CompletableFuture.supplyAsync(() -> call.apply(index), runnable -> new Thread(runnable).start()));
        }
        return futures.stream().map(CompletableFuture::join).toList();
    }

    private static List<Integer> statuses(List<HttpResponse<String>> answers) {
        return answers.stream().map(HttpResponse::statusCode).toList();
    }

    private static void awaitNoSlotsHeld() {
        Awaitility.await("no request or stream slot held").atMost(Duration.ofSeconds(5))
                .until(() -> gateway.edge().requestsInFlight() == 0 && gateway.edge().streamsInFlight() == 0);
    }

    private static double rejections(String reason) {
        return gateway.metric("cascade_edge_rejections_total", "reason=\"" + reason + "\"");
    }

    private static String message(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body()).path("error").path("message").asText();
    }

    private static void assertError(HttpResponse<String> response, int status, String type, String code) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        try {
            JsonNode error = JSON.readTree(response.body()).path("error");
            assertThat(error.path("type").asText()).isEqualTo(type);
            assertThat(error.path("code").asText()).isEqualTo(code);
            assertThat(error.path("message").asText()).isNotBlank();
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    private static void assertRawError(RawHttp.Answer answer, int status, String code) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).isEqualTo("application/json");
        try {
            assertThat(JSON.readTree(answer.body()).path("error").path("code").asText()).isEqualTo(code);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + answer.body(), e);
        }
    }

    static int requestsProcessing(InstantResponder responder) throws IOException, InterruptedException {
        HttpResponse<String> metrics = java.net.http.HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(responder.baseUrl() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        return metrics.body().lines().filter(l -> l.startsWith("llamacpp:requests_processing "))
                .mapToInt(l -> Integer.parseInt(l.substring(l.indexOf(' ') + 1).trim())).findFirst().orElseThrow() - 1;
    }
}
