package com.cascade4arm.routes.hostile;

import com.cascade4arm.routes.testing.RoutesGateway;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.cascade4arm.testing.health.HealthLatencyProbe;
import com.cascade4arm.testing.http.RawHttp;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import org.awaitility.Awaitility;
import org.slf4j.LoggerFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.camel.component.micrometer.MicrometerConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every reproduction of the hostile-input reviews (issues 13 and 29), against the real gateway over real sockets: each
 * is now refused cleanly or answered quickly, and the gateway keeps serving. The issue-29 probes (slow bodies from many
 * addresses, DNS rebinding, smuggling leftovers, log forging, internals in answers, a client leaving mid-stream) each
 * run with {@code /health} sampled by {@link HealthLatencyProbe} and compared to a quiet sample of the same run.
 */
class HostileInputIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String ADMIN = "hostile-admin-token";
    static final int CAP = 32_000;

    /** The public name the gateway is configured to answer to (cascade.edge.allowed-hosts). */
    static final String PUBLIC_NAME = "gateway.test";
    static final int QUIET_SAMPLES = 100;
    /** Samples taken while each probe's attack is in place (the p99 of fewer would be the single slowest). */
    static final int PROBE_SAMPLES = 100;
    /** /health's p99 may reach this during a probe, ms — or a few times the quiet p99 on a loaded machine. */
    static final double HEALTH_P99_LIMIT_MS = 100;
    static final int LOADED_MACHINE_FACTOR = 5;

    static RoutesGateway gateway;
    static double quietP99Ms;

    @BeforeAll
    static void boot() throws Exception {
        gateway = RoutesGateway.builder().properties(Map.ofEntries(
                Map.entry("cascade.admin.token", ADMIN),
                Map.entry("cascade.upstream.health-interval-ms", "60000"),
                Map.entry("cascade.edge.rate-limit.requests-per-second", "10000"),
                Map.entry("cascade.edge.rate-limit.burst", "10000"),
                Map.entry("cascade.edge.rate-limit.reads-per-second", "10000"),
                Map.entry("cascade.edge.rate-limit.reads-burst", "10000"),
                Map.entry("cascade.edge.max-concurrent-per-client", "64"),
                Map.entry("cascade.edge.max-connections-per-client", "8"),
                Map.entry("cascade.metrics.cache-ms", "60000"),
                Map.entry("cascade.edge.allowed-hosts", PUBLIC_NAME))).start();
        try (HealthLatencyProbe quiet = HealthLatencyProbe.start(gateway.base())) {
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> quiet.samples() >= QUIET_SAMPLES);
            quiet.close();
            quietP99Ms = quiet.p99Ms();
            System.out.println("[hostile] quiet " + quiet.summary());
        }
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @Test
    void theCubicPromptAndTheStackOverflowPromptAreRoutedAtOnce() throws Exception {
        for (String prompt : List.of("if(=".repeat(CAP / 4), "import a" + ".b".repeat(4_000), "import a" + ".b".repeat(15_000))) {
            long start = System.nanoTime();
            HttpResponse<String> route = post("/api/route", "{\"prompt\":" + JSON.writeValueAsString(prompt) + "}");
            HttpResponse<String> chat = post("/v1/chat/completions", chat(prompt, 4));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(route.statusCode()).as(route.body()).isEqualTo(200);
            assertThat(chat.statusCode()).as(chat.body()).isEqualTo(200);
            // Generous for a loaded shared machine; before the fix 'if(=' × 1,000 alone took 2.5 s and × 8,000 about an hour.
            assertThat(ms).as("ms for /api/route and chat on a %d-char hostile prompt", prompt.length()).isLessThan(10_000);
        }
    }

    @Test
    void everyPromptEndpointRefusesTheSameInputWithTheSameError() throws Exception {
        String expected = "max_tokens must be between 1 and 1024, but was 0";
        assertError(post("/api/route", "{\"prompt\":\"hi\",\"max_tokens\":0}"), 400, "invalid_value", expected);
        assertError(post("/v1/chat/completions", chat("hi", 0)), 400, "invalid_value", expected);
        assertError(post("/api/compare", "{\"prompt\":\"hi\",\"max_tokens\":0}"), 400, "invalid_value", expected);
        assertError(send(json("/api/bench/runs", "{\"max_tokens\":5000}").header("Authorization", "Bearer " + ADMIN)),
                400, "invalid_value", "max_tokens must be between 1 and 1024, but was 5000");
        assertError(post("/api/route", "{\"prompt\":\"hi\",\"max_tokens\":2147483648}"), 400, "invalid_type", "max_tokens");
        StringBuilder many = new StringBuilder("{\"messages\":[");
        for (int i = 0; i < 10_000; i++) {
            many.append(i == 0 ? "" : ",").append("{\"role\":\"user\",\"content\":\"x\"}");
        }
        assertError(post("/api/route", many.append("]}").toString()), 400, "invalid_value", "at most 256");
        assertError(post("/api/route", "{\"messages\":[{\"role\":\"wizard\",\"content\":\"x\"}]}"), 400, "invalid_value", "role");
        assertError(post("/api/route", "{\"prompt\":" + JSON.writeValueAsString("x".repeat(100_000)) + "}"), 413,
                "request_too_large", "the limit is 32000");
    }

    @Test
    void jsonApisTakeOnlyJson() throws Exception {
        String body = "{\"prompt\":\"hi\"}";
        assertError(send(request("/api/route").POST(HttpRequest.BodyPublishers.ofString(body))), 415,
                "unsupported_media_type", "no Content-Type");
        for (String type : List.of("text/plain", "text/plain; charset=json", "application/json; boundary=x",
                "application/jsonp", "application/json; charset=latin1")) {
            assertError(send(request("/api/route").header("Content-Type", type).POST(HttpRequest.BodyPublishers.ofString(body))),
                    415, "unsupported_media_type", "Content-Type must be application/json");
        }
        for (String type : List.of("application/json", "Application/JSON; charset=UTF-8", "application/json;charset=\"utf-8\"")) {
            assertThat(send(request("/api/route").header("Content-Type", type)
                    .POST(HttpRequest.BodyPublishers.ofString(body))).statusCode()).as(type).isEqualTo(200);
        }
    }

    @Test
    void browsersOnOtherSitesCannotDriveTheApi() {
        String body = "{\"prompt\":\"hi\"}";
        String self = "http://127.0.0.1:" + gateway.port();
        assertError(send(json("/api/route", body).header("Origin", "http://127.0.0.1:9")), 403, "cross_site_request", "Origin");
        assertError(send(json("/api/route", body).header("Origin", "null")), 403, "cross_site_request", "Origin");
        assertError(send(json("/v1/chat/completions", chat("hi", 2)).header("Sec-Fetch-Site", "cross-site")), 403,
                "cross_site_request", "Sec-Fetch-Site");
        assertError(send(json("/api/rules/dry-run", "{}").header("Sec-Fetch-Site", "same-site")), 403,
                "cross_site_request", "Sec-Fetch-Site");
        assertThat(send(json("/api/route", body).header("Origin", self).header("Sec-Fetch-Site", "same-origin"))
                .statusCode()).as("the console's own requests").isEqualTo(200);
        assertThat(send(json("/api/route", body)).statusCode()).as("a client without Origin").isEqualTo(200);
    }

    @Test
    void smugglingShapesAndOddMethodsGetOpenAiErrors() throws Exception {
        int port = gateway.port();
        RawHttp.Answer both = RawHttp.exchange(port, "POST /api/route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
        assertThat(both.status()).isEqualTo(400);
        assertThat(errorCode(both.body())).isEqualTo("malformed_request");
        RawHttp.Answer connect = RawHttp.exchange(port, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
        assertThat(connect.status()).isEqualTo(405);
        assertThat(errorCode(connect.body())).isEqualTo("method_not_allowed");
        RawHttp.Answer patch = RawHttp.exchange(port, "PATCH /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n");
        assertThat(patch.status()).isEqualTo(405);
        RawHttp.Answer trace = RawHttp.exchange(port, "TRACE /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        assertThat(trace.status()).isEqualTo(405);
        assertThat(errorCode(trace.body())).isEqualTo("method_not_allowed");
        RawHttp.Answer badChunk = RawHttp.exchange(port, "POST /api/route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
        assertThat(badChunk.status()).isEqualTo(400);
        assertThat(errorCode(badChunk.body())).isNotBlank();
        assertThat(gateway.get("/health").statusCode()).as("still serving").isEqualTo(200);
    }

    @Test
    void transferEncodingsOtherThanExactlyChunkedAreRefused() throws Exception {
        int port = gateway.port();
        String body = "{\"prompt\":\"hi\"}";
        List<String> heads = List.of(
                "Content-Length: " + body.length() + "\r\nTransfer-Encoding: xchunked",
                "Content-Length: " + body.length() + "\r\nTransfer-Encoding: identity",
                "Content-Length: " + body.length() + "\r\nTransfer-Encoding: chunked, identity",
                "Transfer-Encoding: chunked, identity",
                "Transfer-Encoding: identity",
                "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked");
        probed("Transfer-Encoding variants", () -> {
            for (String head : heads) {
                RawHttp.Answer answer = RawHttp.exchange(port, "POST /api/route HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Type: application/json\r\n" + head + "\r\n\r\n" + body);
                assertThat(answer.status()).as(head).isEqualTo(400);
                assertThat(errorCode(answer.body())).as(head).isEqualTo("malformed_request");
                assertSecurityHeaders(answer.headers(), head);
            }
            String chunk = Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";
            RawHttp.Answer chunked = RawHttp.exchange(port, "POST /api/route HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: application/json\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n" + chunk);
            assertThat(chunked.status()).as("exactly chunked still works: " + chunked.body()).isEqualTo(200);
            return null;
        });
    }

    @Test
    void slowUploadsFromManyAddressesLeaveTheSharedSlotsToEveryoneElse() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            probed("128 slow uploads from 32 addresses", () -> {
                for (int address = 1; address <= 32; address++) {
                    for (int i = 0; i < 4; i++) {
                        Socket socket = RawHttp.connect(gateway.port(), "127.0.1." + address);
                        slow.add(socket);
                        socket.getOutputStream().write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"messages\":")
                                .getBytes(StandardCharsets.US_ASCII)); // ... and the rest never comes
                        socket.getOutputStream().flush();
                    }
                }
                Awaitility.await("all 128 heads admitted").atMost(Duration.ofSeconds(20))
                        .until(() -> gateway.edge().requestsInFlight() >= 128);
                HttpResponse<String> chat = post("/v1/chat/completions", chat("Hello while others upload slowly", 2));
                assertThat(chat.statusCode()).as("another client is served: " + chat.body()).isEqualTo(200);
                HttpResponse<String> route = post("/api/route", "{\"prompt\":\"hi\"}");
                assertThat(route.statusCode()).as(route.body()).isEqualTo(200);
                return null;
            });
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
        Awaitility.await("no slot left behind").atMost(Duration.ofSeconds(10))
                .until(() -> gateway.edge().requestsInFlight() == 0);
    }

    @Test
    void aPageOnAnotherHostNameCannotDriveTheGatewayByRebindingItsName() throws Exception {
        int port = gateway.port();
        String body = "{\"prompt\":\"hi\"}";
        probed("requests for a rebound host name", () -> {
            for (String host : List.of("rebind.attacker.test:" + port, "attacker.test", "127.0.0.1.attacker.test:" + port,
                    "localhost.attacker.test", "gateway.test.attacker.test")) {
                // The page's own origin: same as its Host, so the Origin check alone let it through.
                RawHttp.Answer route = RawHttp.exchange(port, "POST /api/route HTTP/1.1\r\nHost: " + host
                        + "\r\nOrigin: http://" + host + "\r\nContent-Type: application/json\r\nContent-Length: "
                        + body.length() + "\r\nConnection: close\r\n\r\n" + body);
                assertThat(route.status()).as(host + ": " + route.body()).isEqualTo(421);
                assertThat(errorCode(route.body())).isEqualTo("misdirected_request");
                assertSecurityHeaders(route.headers(), host);
                for (String read : List.of("/api/rules", "/api/bench/runs", "/v1/models")) {
                    RawHttp.Answer answer = RawHttp.exchange(port, "GET " + read + " HTTP/1.1\r\nHost: " + host
                            + "\r\nConnection: close\r\n\r\n");
                    assertThat(answer.status()).as(host + " " + read).isEqualTo(421);
                }
            }
            for (String host : List.of("localhost:" + port, "127.0.0.1:" + port, "127.0.0.1", "[::1]:" + port,
                    "console.localhost:" + port, "LOCALHOST.", PUBLIC_NAME, "Gateway.Test:443", "192.0.2.7:" + port)) {
                RawHttp.Answer route = RawHttp.exchange(port, "POST /api/route HTTP/1.1\r\nHost: " + host
                        + "\r\nOrigin: http://" + host + "\r\nContent-Type: application/json\r\nContent-Length: "
                        + body.length() + "\r\nConnection: close\r\n\r\n" + body);
                assertThat(route.status()).as(host + ": " + route.body()).isEqualTo(200);
            }
            return null;
        });
    }

    @Test
    void clientTextCannotForgeLogLines() throws Exception {
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(log);
        try {
            probed("field names and paths with line breaks", () -> {
                String field = "tools\r\n12:00:00.000 ERROR [main] c.c.r.AdminAuth - FORGED admin token accepted";
                HttpResponse<String> refused = post("/v1/chat/completions", "{\"messages\":[{\"role\":\"user\","
                        + "\"content\":\"hi\"}]," + JSON.writeValueAsString(field) + ":1}");
                assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
                assertThat(errorCode(refused.body())).isEqualTo("unsupported_parameter");
                HttpResponse<String> missing = gateway.get("/v1/models/%0d%0aFORGED-path");
                assertThat(missing.statusCode()).isEqualTo(404);
                return null;
            });
        } finally {
            root.detachAppender(log);
        }
        List<String> lines = log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines).as("the refusal is logged").anySatisfy(line -> assertThat(line).contains("FORGED admin token"));
        assertThat(lines).as("no line break from the client reaches the log")
                .noneMatch(line -> line.contains("FORGED") && (line.contains("\n") || line.contains("\r")));
    }

    @Test
    void everyAnswerCarriesTheSecurityHeadersEvenUndecodableOnes() throws Exception {
        int port = gateway.port();
        Map<String, String> probes = new java.util.LinkedHashMap<>();
        probes.put("414", "GET /v1/models?q=" + "z".repeat(5_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        probes.put("431", "GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "y".repeat(9_000) + "\r\n\r\n");
        probes.put("400 garbage", "\u0001\u0002 NOT HTTP AT ALL\r\n\r\n");
        probes.put("400 bad chunk", "POST /api/route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
        probes.put("404", "GET /no/such/path HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        probes.put("405", "TRACE /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        probed("undecodable requests", () -> {
            probes.forEach((what, request) -> {
                RawHttp.Answer answer = RawHttp.exchange(port, request);
                assertThat(String.valueOf(answer.status())).as(what).isEqualTo(what.substring(0, 3));
                assertSecurityHeaders(answer.headers(), what);
            });
            return null;
        });
    }

    @Test
    void aClientThatLeavesMidStreamCostsNoStackTrace() throws Exception {
        gateway.upstreams(ResponderBehaviour.INSTANT.withChunkDelayMs(50)
                .withContentChunks(java.util.Collections.nCopies(200, " word")));
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(log);
        try {
            probed("clients leaving mid-stream", () -> {
                for (int i = 0; i < 3; i++) {
                    String body = "{\"stream\":true,\"max_tokens\":200,\"messages\":[{\"role\":\"user\",\"content\":"
                            + "\"Hello, tell me a long story\"}]}";
                    try (Socket socket = RawHttp.connect(gateway.port(), null)) {
                        socket.getOutputStream().write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                                .getBytes(StandardCharsets.UTF_8));
                        socket.getOutputStream().flush();
                        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                                socket.getInputStream(), StandardCharsets.UTF_8));
                        String line;
                        while ((line = in.readLine()) != null && !line.contains("content")) {
                            // the head, then events until the first token
                        }
                        assertThat(line).as("tokens were streaming").isNotNull();
                        socket.setSoLinger(true, 0); // gone abruptly, as a killed curl is
                    }
                }
                Awaitility.await("upstream generations cancelled").atMost(Duration.ofSeconds(10))
                        .until(() -> RoutesGateway.requestsProcessing(gateway.small) <= 1 // its /metrics request
                                && RoutesGateway.requestsProcessing(gateway.large) <= 1
                                && gateway.edge().requestsInFlight() == 0);
                return null;
            });
        } finally {
            root.detachAppender(log);
            gateway.upstreams(ResponderBehaviour.INSTANT);
        }
        assertThat(log.list).as("what the departures logged: %s", log.list)
                .noneMatch(event -> event.getThrowableProxy() != null)
                .noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.WARN));
    }

    @Test
    void answersCarrySecurityHeadersAndNoInternalUrls() throws Exception {
        HttpResponse<String> health = gateway.get("/health");
        assertThat(health.headers().firstValue("Content-Security-Policy").orElse("")).contains("default-src 'self'",
                "frame-ancestors 'none'", "script-src 'self'");
        assertThat(health.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(health.headers().firstValue("X-Frame-Options")).hasValue("DENY");
        assertThat(health.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
        assertThat(health.headers().firstValue("X-Request-Id")).isPresent();
        assertThat(health.body()).doesNotContain(gateway.small.baseUrl(), gateway.large.baseUrl(), "\"url\"");
        HttpResponse<String> chat = post("/v1/chat/completions", chat("Hello there", 2));
        assertThat(chat.headers().firstValue("X-Cascade-Endpoint").orElse("")).matches("(small|large)-0");
        assertThat(JSON.readTree(chat.body()).path("cascade").path("endpoint").asText()).matches("(small|large)-0");
        assertThat(chat.body()).doesNotContain(gateway.small.baseUrl(), gateway.large.baseUrl());
    }

    @Test
    void metricsScrapesAreServedFromCache() {
        String first = gateway.get("/metrics").body();
        post("/api/route", "{\"prompt\":\"count me\"}");
        assertThat(gateway.get("/metrics").body()).as("within cascade.metrics.cache-ms").isEqualTo(first);
    }

    @Test
    void oneAddressCannotHoldEveryConnection() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                held.add(RawHttp.connect(gateway.port(), "127.0.0.7"));
            }
            try (Socket extra = RawHttp.connect(gateway.port(), "127.0.0.7")) {
                extra.setSoTimeout(5_000);
                assertThat(extra.getInputStream().read()).as("the 9th connection from one address is closed").isEqualTo(-1);
            }
            assertThat(gateway.get("/health").statusCode()).as("other clients are served").isEqualTo(200);
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void healthAnswersWithinMillisecondsWhileWorstCasePromptsAreRouted() throws Exception {
        String body = "{\"prompt\":" + JSON.writeValueAsString("if(=".repeat(CAP / 4)) + "}";
        long quietMedian = medianHealthMs(); // the reference, measured in the same run on the same machine
        java.util.concurrent.atomic.AtomicBoolean attacking = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicInteger routed = new java.util.concurrent.atomic.AtomicInteger();
        List<Thread> attackers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Thread attacker = new Thread(() -> {
                while (attacking.get()) {
                    if (post("/api/route", body).statusCode() == 200) {
                        routed.incrementAndGet();
                    }
                }
            }, "attacker-" + i);
            attacker.setDaemon(true);
            attacker.start();
            attackers.add(attacker);
        }
        try {
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> routed.get() >= 2);
            gateway.get("/health"); // a fresh connection's first request is not what this measures
            List<Long> sorted = healthProbesMs();
            System.out.printf("/health while %d worst-case prompts were routed: median %d ms, max %d ms (quiet median %d ms)%n",
                    routed.get(), sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1), quietMedian);
            // Before the fix the event loop stalled for 11.9 s; a shared, overloaded CI box adds tens of ms on its own.
            assertThat(sorted.get(sorted.size() / 2)).as("median /health ms")
                    .isLessThan(Math.max(250, 10 * quietMedian));
            assertThat(sorted.get(sorted.size() - 1)).as("slowest /health ms").isLessThan(2_000);
        } finally {
            attacking.set(false);
            for (Thread attacker : attackers) {
                attacker.join(30_000);
            }
        }
    }

    private static List<Long> healthProbesMs() {
        List<Long> probes = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            long start = System.nanoTime();
            assertThat(gateway.get("/health").statusCode()).isEqualTo(200);
            probes.add((System.nanoTime() - start) / 1_000_000);
        }
        return probes.stream().sorted().toList();
    }

    private static long medianHealthMs() {
        gateway.get("/health");
        List<Long> sorted = healthProbesMs();
        return sorted.get(sorted.size() / 2);
    }

    @Test
    void operatorPatternsThatBacktrackOrCostTooMuchAreRefused() throws Exception {
        assertError(post("/api/rules/dry-run", candidate("rule \"routing: polynomial\" when PromptFacts( text matches "
                + "\"zq.*.*.*.*x\" ) $d : Decision() then modify($d) { routeLarge(\"zq\") } end")), 400, "invalid_rules",
                "'matches' is not allowed");
        assertError(post("/api/rules/dry-run", candidate("rule \"routing: checker-approved star\" when PromptFacts( text "
                + "matches \"(a|b)*\" ) $d : Decision() then modify($d) { routeLarge(\"ab\") } end")), 400, "invalid_rules",
                "'matches' is not allowed");
        assertError(post("/api/rules/validate".replace("validate", "dry-run"), candidate("rule \"routing: letters\"\nwhen\n"
                + "  PromptFacts( matchedPatterns contains \"[a-z]{100}x\" )\n  $d : Decision()\nthen\n  modify($d) { "
                + "routeLarge(\"letters\") }\nend")), 400, "invalid_rules", "over the budget");
        JsonNode validate = JSON.readTree(post("/api/rules/validate", candidate("rule \"routing: letters\"\nwhen\n"
                + "  PromptFacts( matchedPatterns contains \"[a-z]{100}x\" )\n  $d : Decision()\nthen\n  modify($d) { "
                + "routeLarge(\"letters\") }\nend")).body());
        assertThat(validate.path("valid").asBoolean()).isFalse();
        assertThat(validate.path("problems").get(0).path("message").asText()).contains("rule \"routing: letters\"");

        long start = System.nanoTime();
        HttpResponse<String> cheap = post("/api/rules/dry-run", candidate("rule \"routing: zq\" when PromptFacts( "
                + "matchedPatterns contains \"zq.*.*.*.*x\" ) $d : Decision() then modify($d) { routeLarge(\"zq\") } end",
                "a".repeat(20_000), "zq" + "b".repeat(19_000) + "x"));
        assertThat(cheap.statusCode()).as(cheap.body()).isEqualTo(200);
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms for the dry-run").isLessThan(10_000);
        JsonNode report = JSON.readTree(cheap.body());
        assertThat(report.path("summary").has("over_budget")).as("decisions over the per-decision budget are counted").isTrue();
    }

    @Test
    void thirtyTwoThousandDottedCapitalIsDoNotStallTheEventLoop() throws Exception {
        // String.toLowerCase regrew its buffer per 'İ': 0.3-5 s per request on the event loop (issue 29).
        String hostile = "İ".repeat(CAP);
        String plain = "Tell me about the mountains of Norway. ".repeat(CAP / 39 + 1).substring(0, CAP);
        HealthLatencyProbe control = healthDuring(() -> routeAndChat(plain, 4, 4));
        HealthLatencyProbe probe = healthDuring(() -> routeAndChat(hostile, 4, 4));
        System.out.printf("/health while 32 requests of 32,000 'İ' were answered: %s; with as many plain prompts: %s%n",
                probe.summary(), control.summary());
        assertThat(probe.failures()).as(probe.summary()).isZero();
        assertThat(probe.p99Ms()).as("/health p99 ms while 'İ' prompts were routed: %s (plain prompts: %s)",
                probe.summary(), control.summary()).isLessThan(healthBoundMs(control.p99Ms()));
    }

    /** {@code threads} clients each send {@code rounds} × (/api/route + chat) with {@code prompt}; all answer 200. */
    static void routeAndChat(String prompt, int threads, int rounds) throws Exception {
        String route = "{\"prompt\":" + JSON.writeValueAsString(prompt) + "}";
        runConcurrently(threads, () -> {
            for (int round = 0; round < rounds; round++) {
                assertThat(post("/api/route", route).statusCode()).isEqualTo(200);
                assertThat(post("/v1/chat/completions", chat(prompt, 4)).statusCode()).isEqualTo(200);
            }
        });
    }

    @Test
    void patternsTheVettingCannotCatchStopAtTheEvaluationBudget() throws Exception {
        // Ж[^a]{1000}x costs microseconds on the vetting's stress prompts and half a second on 'Ж' × 32,000.
        String body = "{\"prompt\":" + JSON.writeValueAsString("Ж".repeat(CAP)) + "}";
        HealthLatencyProbe control = healthDuring(() -> routeSequentially(body, 10, new ArrayList<>()));
        HttpResponse<String> put = send(request("/api/rules").header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ADMIN).PUT(HttpRequest.BodyPublishers.ofString(candidate(evasiveRules(
                        EVASIVE_ACTIVATED_RULES)))));
        assertThat(put.statusCode()).as("the vetting passes them: %s", put.body()).isEqualTo(200);
        try {
            double countedBefore = budgetOverruns();
            List<Long> ms = new ArrayList<>();
            List<JsonNode> answers = new ArrayList<>();
            HealthLatencyProbe probe = healthDuring(() -> answers.addAll(routeSequentially(body, 10, ms)));
            System.out.printf("/api/route on 'Ж' x %d with %d evasive patterns: %s ms; %s (bundled rules: %s)%n", CAP,
                    EVASIVE_ACTIVATED_RULES, ms,
                    probe.summary(), control.summary());
            JsonNode last = answers.get(answers.size() - 1);
            assertThat(last.path("rule").asText()).isEqualTo("default");
            assertThat(last.path("route").asText()).isEqualTo("small");
            assertThat(last.path("reason").asText()).contains("rule \"evasive ").contains("evaluation budget of 10.0 ms");
            // Before: 4 × about 0.5 s = 2 s per request on the event loop (the review's 8: 4 s).
            assertThat(ms.stream().sorted().toList().get(ms.size() / 2)).as("median ms per request").isLessThan(1_000);
            assertThat(probe.p99Ms()).as("/health p99 ms: %s (bundled rules: %s)", probe.summary(), control.summary())
                    .isLessThan(healthBoundMs(control.p99Ms()));
            assertThat(budgetOverruns() - countedBefore).as("cascade_rule_budget_exceeded_total: one per decision, "
                    + "twice 10 (warm-up and measured)").isEqualTo(20);
        } finally {
            assertThat(send(json("/api/rules/rollback/1", "{}").header("Authorization", "Bearer " + ADMIN)).statusCode())
                    .isEqualTo(200);
        }
    }

    /** Posts {@code body} to /api/route {@code times} times, one after another; the answers (all 200), ms in {@code ms}. */
    static List<JsonNode> routeSequentially(String body, int times, List<Long> ms) throws Exception {
        List<JsonNode> answers = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            long start = System.nanoTime();
            HttpResponse<String> route = post("/api/route", body);
            ms.add((System.nanoTime() - start) / 1_000_000);
            assertThat(route.statusCode()).as(route.body()).isEqualTo(200);
            answers.add(JSON.readTree(route.body()));
        }
        return answers;
    }

    static double budgetOverruns() {
        return meters().find("cascade.rule.budget.exceeded").counters().stream().mapToDouble(Counter::count).sum();
    }

    @Test
    void aDryRunWithManyEvasivePatternsEndsWithinItsCap() throws Exception {
        String[] prompts = java.util.Collections.nCopies(14, "Ж".repeat(CAP)).toArray(String[]::new);
        long start = System.nanoTime();
        HttpResponse<String> dryRun = post("/api/rules/dry-run", candidate(evasiveRules(EVASIVE_DRY_RUN_RULES), prompts));
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("dry-run of " + EVASIVE_DRY_RUN_RULES + " evasive patterns on 14 prompts of 'Ж' x %d: %d ms, status %d%n", CAP, ms,
                dryRun.statusCode());
        // Before: 24 × 0.5 s per prompt, stopped only between prompts: 503 dry_run_timeout after 12 s or more.
        assertThat(dryRun.statusCode()).as(dryRun.body()).isEqualTo(200);
        assertThat(ms).as("ms for the dry-run (its cap is 10 s of routing)").isLessThan(12_000);
        JsonNode extra = java.util.stream.StreamSupport.stream(JSON.readTree(dryRun.body()).path("results").spliterator(), false)
                .filter(result -> result.path("id").asText().equals("extra-1")).findFirst().orElseThrow();
        assertThat(extra.toString()).contains("evaluation budget");
    }

    @Test
    void aDryRunStopsWorkingWhenItsClientLeaves() throws Exception {
        String[] prompts = java.util.Collections.nCopies(14, "Ж".repeat(CAP)).toArray(String[]::new);
        byte[] body = candidate(evasiveRules(EVASIVE_DRY_RUN_RULES), prompts).getBytes(StandardCharsets.UTF_8);
        double stoppedBefore = dryRunOutcomes("client_gone");
        long cpuBefore = workerCpuNanos();
        try (Socket client = new Socket("127.0.0.1", gateway.port())) {
            client.getOutputStream().write(("POST /api/rules/dry-run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                    + "application/json\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            client.getOutputStream().write(body);
            client.getOutputStream().flush();
            // Leave once the gateway is working on it (compiling the candidate).
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                    .until(() -> workerCpuNanos() - cpuBefore > 50_000_000L);
        }
        long left = System.nanoTime();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                .until(() -> dryRunOutcomes("client_gone") > stoppedBefore);
        long[] last = {workerCpuNanos()};
        // Stopped means no more CPU: the workers stay idle (< 10 ms of CPU per 500 ms); before, one went on for 18 s.
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    long now = workerCpuNanos();
                    long grew = now - last[0];
                    last[0] = now;
                    return grew < 10_000_000L;
                });
        System.out.printf("dry-run stopped %d ms after its client left%n", (System.nanoTime() - left) / 1_000_000);
    }

    @Test
    void dryRunsRunOneAtATime() throws Exception {
        String[] prompts = java.util.Collections.nCopies(14, "Ж".repeat(CAP)).toArray(String[]::new);
        String body = candidate(evasiveRules(EVASIVE_DRY_RUN_RULES), prompts);
        List<HttpResponse<String>> answers = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Long> ms = java.util.Collections.synchronizedList(new ArrayList<>());
        runConcurrently(2, () -> {
            long start = System.nanoTime();
            answers.add(post("/api/rules/dry-run", body));
            ms.add((System.nanoTime() - start) / 1_000_000);
        });
        System.out.printf("two concurrent dry-runs: statuses %s in %s ms%n",
                answers.stream().map(HttpResponse::statusCode).toList(), ms);
        assertThat(answers.stream().map(HttpResponse::statusCode).sorted().toList())
                .as(answers.stream().map(a -> a.body().substring(0, Math.min(400, a.body().length()))).toList().toString())
                .isEqualTo(List.of(200, 429));
        HttpResponse<String> busy = answers.stream().filter(a -> a.statusCode() == 429).findFirst().orElseThrow();
        assertError(busy, 429, "dry_run_in_progress", "one at a time");
        assertThat(busy.headers().firstValue("Retry-After")).isPresent();
        assertThat(ms).allSatisfy(each -> assertThat(each).as("ms per dry-run (cap 10 s)").isLessThan(12_000));
    }

    /**
     * Evasive rules in the dry-run tests: as many as the vetting's 0.5 ms for all text conditions lets through with
     * room on a loaded machine (each costs a few µs on its stress prompts; 36 sometimes measured over it).
     */
    static final int EVASIVE_DRY_RUN_RULES = 24;
    /**
     * Evasive rules activated at once: their summed cost on the vetting's 32,000-character stress prompt (0.06–0.09 ms
     * each here) must stay under the vetting's 0.5 ms per decision, or the activation is refused before the run-time
     * budget is reached; 8 measured 0.71 ms on a quiet machine.
     */
    static final int EVASIVE_ACTIVATED_RULES = 4;

    /** {@code count} rules, each searching 'Ж' then a thousand characters other than one letter or digit. */
    static String evasiveRules(int count) {
        String excluded = "abcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder drl = new StringBuilder();
        for (int i = 0; i < count; i++) {
            drl.append("rule \"evasive ").append(i + 1).append("\"\nwhen\n  PromptFacts( matchedPatterns contains \"Ж[^")
                    .append(excluded.charAt(i)).append("]{1000}x\" )\n  $d : Decision()\nthen\n  modify($d) { routeLarge(\"Zhe\") }\nend\n");
        }
        return drl.toString();
    }

    /** /health sampled while {@code attack} runs (once warmed up by a first run): the probe, closed. */
    static HealthLatencyProbe healthDuring(Attack attack) throws Exception {
        attack.run();
        HealthLatencyProbe probe = HealthLatencyProbe.start(gateway.base());
        try (probe) {
            attack.run();
        }
        return probe;
    }

    /**
     * 100 ms, or, on a machine busy enough to need it, three times the p99 measured in the same run while the same
     * attack ran with harmless input: the attack's own CPU load, not the hostile input, is what that reference shows.
     */
    static double healthBoundMs(double controlP99Ms) {
        return Math.max(100, 3 * controlP99Ms);
    }

    interface Attack {
        void run() throws Exception;
    }

    static void runConcurrently(int threads, Attack attack) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<Object>> futures = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    attack.run();
                    return null;
                }));
            }
            start.countDown();
            for (java.util.concurrent.Future<Object> future : futures) {
                future.get(5, java.util.concurrent.TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    static MeterRegistry meters() {
        return gateway.camel().getRegistry().lookupByNameAndType(MicrometerConstants.METRICS_REGISTRY_NAME, MeterRegistry.class);
    }

    static double dryRunOutcomes(String outcome) {
        Counter counter = meters().find("cascade.rules.dry_runs").tag("outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }

    /** CPU time of the gateway's worker threads (where dry-runs run), in ns. */
    static long workerCpuNanos() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long total = 0;
        for (java.lang.management.ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("gateway-worker")) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    @Test
    void nonAsciiRuleNamesArriveIntactInTheHeader() throws Exception {
        String rule = "routing: café → 小 stays small";
        HttpResponse<String> put = send(request("/api/rules").header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ADMIN).PUT(HttpRequest.BodyPublishers.ofString(candidate(
                        "rule \"" + rule + "\" when PromptFacts() $d : Decision() then modify($d) { routeSmall(\"all\") } end"))));
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        HttpResponse<String> chat = post("/v1/chat/completions", chat("Hello", 2));
        String header = chat.headers().firstValue("X-Cascade-Rule").orElseThrow();
        assertThat(header).isEqualTo("routing: caf%C3%A9 %E2%86%92 %E5%B0%8F stays small");
        assertThat(java.net.URLDecoder.decode(header.replace("+", "%2B"), StandardCharsets.UTF_8)).isEqualTo(rule);
        assertThat(JSON.readTree(chat.body()).path("cascade").path("rule").asText()).isEqualTo(rule);
    }

    @Test
    void upstreamFailuresReachClientsWithoutAddressesExceptionNamesOrErrorPages() throws Exception {
        java.util.concurrent.atomic.AtomicReference<String[]> answer = new java.util.concurrent.atomic.AtomicReference<>(
                new String[]{"400", "text/html", "<!DOCTYPE html><html><body><h1>Bad Request</h1><p>nginx at "
                        + "http://10.20.30.40:8080/internal</p></body></html>"});
        com.sun.net.httpserver.HttpServer upstream = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        upstream.createContext("/health", ex -> reply(ex, new String[]{"200", "application/json", "{\"status\":\"ok\"}"}));
        upstream.createContext("/v1/chat/completions", ex -> reply(ex, answer.get()));
        upstream.start();
        String url = "http://127.0.0.1:" + upstream.getAddress().getPort();
        try (RoutesGateway leaky = RoutesGateway.startWith(url, url, Map.of("cascade.upstream.health-interval-ms", "60000"))) {
            HttpResponse<String> page = leaky.chat("hello");
            assertThat(page.statusCode()).as(page.body()).isEqualTo(400);
            assertThat(errorCode(page.body())).isEqualTo("upstream_rejected");
            assertThat(JSON.readTree(page.body()).path("error").path("message").asText()).contains("HTTP 400");
            assertThat(page.body()).doesNotContain("<html", "nginx", "10.20.30.40", "DOCTYPE");

            answer.set(new String[]{"500", "application/json", "{\"error\":{\"message\":\"java.net.ConnectException: "
                    + "Connection refused: /127.0.0.1:44557 at io.netty.channel.AbstractChannel$AnnotatedConnectException\"}}"});
            HttpResponse<String> relayed = leaky.chat("hello");
            assertThat(relayed.statusCode()).as(relayed.body()).isGreaterThanOrEqualTo(500);
            assertThat(relayed.body()).contains("HTTP 500")
                    .doesNotContain("ConnectException", "127.0.0.1", "44557", "io.netty");

            upstream.stop(0);
            HttpResponse<String> refused = leaky.chat("hello");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.body()).contains("unreachable (connection refused)")
                    .doesNotContain("127.0.0.1", ":" + url.substring(url.lastIndexOf(':') + 1), "Exception");
        } finally {
            upstream.stop(0);
        }
    }

    private static void reply(com.sun.net.httpserver.HttpExchange exchange, String[] answer) throws java.io.IOException {
        exchange.getRequestBody().readAllBytes();
        byte[] bytes = answer[2].getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", answer[1]);
        exchange.sendResponseHeaders(Integer.parseInt(answer[0]), bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    /**
     * Runs {@code attack} while /health is sampled; prints the samples and asserts that none failed and that the p99
     * stayed under {@link #HEALTH_P99_LIMIT_MS} (or a few quiet p99s, on a loaded shared machine).
     */
    static <T> T probed(String what, Callable<T> attack) throws Exception {
        HealthLatencyProbe probe = HealthLatencyProbe.start(gateway.base());
        T result;
        try {
            result = attack.call();
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> probe.samples() >= PROBE_SAMPLES);
        } finally {
            probe.close();
        }
        System.out.printf("[hostile] %s: %s (quiet p99 %.1f ms)%n", what, probe.summary(), quietP99Ms);
        assertThat(probe.failures()).as("/health failures during: " + what).isZero();
        assertThat(probe.p99Ms()).as("/health p99 ms during: " + what)
                .isLessThan(Math.max(HEALTH_P99_LIMIT_MS, LOADED_MACHINE_FACTOR * quietP99Ms));
        return result;
    }

    static void assertSecurityHeaders(Map<String, String> headers, String what) {
        assertThat(headers.get("content-security-policy")).as("CSP on " + what).contains("default-src 'self'");
        assertThat(headers.get("x-content-type-options")).as("nosniff on " + what).isEqualTo("nosniff");
        assertThat(headers.get("x-frame-options")).as("X-Frame-Options on " + what).isEqualTo("DENY");
        assertThat(headers.get("referrer-policy")).as("Referrer-Policy on " + what).isEqualTo("no-referrer");
    }

    static String candidate(String rules, String... prompts) throws Exception {
        String drl = "package com.cascade4arm.rules;\nimport com.cascade4arm.rules.facts.PromptFacts;\n"
                + "import com.cascade4arm.rules.decision.Decision;\n" + rules + "\n";
        return "{\"files\":[{\"name\":\"hostile.drl\",\"content\":" + JSON.writeValueAsString(drl) + "}]"
                + (prompts.length == 0 ? "" : ",\"prompts\":" + JSON.writeValueAsString(prompts)) + "}";
    }

    static String chat(String prompt, int maxTokens) {
        try {
            return "{\"messages\":[{\"role\":\"user\",\"content\":" + JSON.writeValueAsString(prompt) + "}],\"max_tokens\":"
                    + maxTokens + "}";
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + path)).timeout(Duration.ofSeconds(60));
    }

    static HttpRequest.Builder json(String path, String body) {
        return request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    }

    static HttpResponse<String> post(String path, String body) {
        return send(json(path, body));
    }

    static HttpResponse<String> send(HttpRequest.Builder request) {
        return gateway.send(request.build());
    }

    static void assertError(HttpResponse<String> response, int status, String code, String messagePart) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        try {
            JsonNode error = JSON.readTree(response.body()).path("error");
            assertThat(error.path("code").asText()).as(response.body()).isEqualTo(code);
            assertThat(error.path("type").asText()).isNotBlank();
            assertThat(error.path("message").asText()).contains(messagePart);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    static String errorCode(String body) throws Exception {
        return JSON.readTree(body.getBytes(StandardCharsets.UTF_8)).path("error").path("code").asText();
    }
}
