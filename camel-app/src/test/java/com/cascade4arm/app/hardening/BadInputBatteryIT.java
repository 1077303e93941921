package com.cascade4arm.app.hardening;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.RawHttp;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every malformed request we could think of, at every public endpoint of the real application (web console
 * included), written byte for byte on raw sockets: each gets the right status and an OpenAI-shaped error, no
 * response carries a stack trace or an internal path, and the gateway is healthy afterwards.
 */
class BadInputBatteryIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADMIN_TOKEN = "battery-admin-token";
    private static final String HI = "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]";
    /** What must never reach a client: Java stack frames, exception class names, source files, our paths. */
    private static final List<String> LEAKS = List.of("at com.", "at org.", "at io.", "Exception", ".java", "/work/",
            "/root/", "/home/", "root:x:0:0");

    private static InstantResponder upstream;
    private static TestGateway gateway;
    private static URI base;

    @BeforeAll
    static void boot() {
        upstream = InstantResponder.start(0);
        gateway = TestGateway.boot(Map.of("cascade.small.urls", upstream.baseUrl(), "cascade.large.urls", upstream.baseUrl(),
                "cascade.baseline.url", upstream.baseUrl(), "cascade.admin.token", ADMIN_TOKEN), true);
        base = gateway.baseUrl();
    }

    @AfterAll
    static void stop() {
        gateway.close();
        upstream.close();
    }

    /** One malformed request and what it must get: a status and, for errors, the OpenAI error code (null: any). */
    record Case(String name, RawHttp.Request request, int status, String code) {
        @Override
        public String toString() {
            return name + " -> " + status + (code == null ? "" : " " + code);
        }
    }

    static Stream<Case> battery() {
        List<Case> cases = new ArrayList<>();
        // Bodies every JSON endpoint must refuse the same way.
        for (String path : List.of("/v1/chat/completions", "/api/route", "/api/compare", "/api/compare/stream",
                "/api/rules/validate", "/api/rules/dry-run")) {
            cases.add(json(path, "malformed JSON", "{not json", 400, "invalid_json"));
            cases.add(json(path, "truncated JSON", "{\"messages\":[{\"role\":", 400, "invalid_json"));
            cases.add(json(path, "10k nested arrays", "[".repeat(10_000), 400, "invalid_json"));
            cases.add(json(path, "10k nested objects", "{\"a\":".repeat(10_000), 400, "invalid_json"));
            cases.add(new Case(path + " invalid UTF-8", post(path).body("application/json",
                    bytes("{\"prompt\":\"", new byte[]{(byte) 0xC3, (byte) 0x28, (byte) 0xFF}, "\"}")), 400, "invalid_json"));
            cases.add(json(path, "empty body", "", 400, path.startsWith("/api/rules") ? null : "empty_body"));
            cases.add(new Case(path + " text/plain", post(path).body("text/plain", "hello".getBytes(StandardCharsets.UTF_8)),
                    415, "unsupported_media_type"));
            cases.add(new Case(path + " form-encoded", post(path).body("application/x-www-form-urlencoded",
                    "a=1&b=2".getBytes(StandardCharsets.UTF_8)), 415, "unsupported_media_type"));
            cases.add(new Case(path + " body above 1 MiB", post(path).json("{\"prompt\":\"" + "b".repeat(1_100_000) + "\"}"),
                    413, "request_too_large"));
        }
        // Chat completions: wrong types, bounds, enormous numbers.
        String chat = "/v1/chat/completions";
        cases.add(json(chat, "array instead of object", "[1,2]", 400, "invalid_type"));
        cases.add(json(chat, "messages a string", "{\"messages\":\"hi\"}", 400, "invalid_type"));
        cases.add(json(chat, "content a number", "{\"messages\":[{\"role\":\"user\",\"content\":42}]}", 400, "invalid_type"));
        cases.add(json(chat, "content an object", "{\"messages\":[{\"role\":\"user\",\"content\":{\"x\":1}}]}", 400, "invalid_type"));
        cases.add(json(chat, "role null", "{\"messages\":[{\"role\":null,\"content\":\"hi\"}]}", 400, "invalid_value"));
        cases.add(json(chat, "negative max_tokens", HI + ",\"max_tokens\":-5}", 400, "invalid_value"));
        cases.add(json(chat, "enormous max_tokens", HI + ",\"max_tokens\":99999999999999}", 400, "invalid_type"));
        cases.add(json(chat, "max_tokens 1e400", HI + ",\"max_tokens\":1e400}", 400, "invalid_type"));
        cases.add(json(chat, "enormous n", HI + ",\"n\":1000000000}", 400, "invalid_value"));
        cases.add(json(chat, "negative temperature", HI + ",\"temperature\":-1}", 400, "invalid_value"));
        cases.add(json(chat, "NaN temperature", HI + ",\"temperature\":NaN}", 400, "invalid_json"));
        cases.add(json(chat, "stream a string", HI + ",\"stream\":\"yes\"}", 400, "invalid_type"));
        cases.add(json(chat, "stop with 1000 entries", HI + ",\"stop\":[" + "\"x\",".repeat(999) + "\"x\"]}", 400, "invalid_value"));
        cases.add(json(chat, "10k messages", "{\"messages\":[" + "{\"role\":\"user\",\"content\":\"hi\"},".repeat(9_999)
                + "{\"role\":\"user\",\"content\":\"hi\"}]}", 400, "invalid_value"));
        cases.add(json(chat, "prompt above the prompt cap",
                "{\"messages\":[{\"role\":\"user\",\"content\":\"" + "a".repeat(40_000) + "\"}]}",
                413, "request_too_large"));
        cases.add(json(chat, "unknown model", HI + ",\"model\":\"gpt-9\"}", 404, "model_not_found"));
        cases.add(json(chat, "model name 10k chars", HI + ",\"model\":\"" + "m".repeat(10_000) + "\"}", 404, "model_not_found"));
        cases.add(json(chat, "unknown fields are refused by name", HI + ",\"frobnicate\":{\"x\":[1,2,3]},\"max_tokens\":2}", 400, "unsupported_parameter"));
        cases.add(json(chat, "NUL characters in content",
                "{\"messages\":[{\"role\":\"user\",\"content\":\"a\\u0000b\"}],\"max_tokens\":2}", 200, null));
        cases.add(json(chat, "duplicate keys",
                "{\"messages\":[],\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"max_tokens\":2}", 200, null));
        // Route explain, compare, benchmark: wrong types and bounds.
        cases.add(json("/api/route", "prompt a number", "{\"prompt\":42}", 400, "invalid_type")); // the chat validation, as compare answers it
        cases.add(json("/api/compare", "prompt a number", "{\"prompt\":42}", 400, null));
        cases.add(json("/api/compare", "negative max_tokens", "{\"prompt\":\"hi\",\"max_tokens\":-1}", 400, "invalid_value"));
        cases.add(json("/api/compare", "unknown system", "{\"prompt\":\"hi\",\"systems\":[\"skynet\"]}", 400, null));
        cases.add(new Case("bench start without token", post("/api/bench/runs").json("{}"), 401, "invalid_admin_token"));
        cases.add(new Case("bench start, wrong token", post("/api/bench/runs").header("Authorization", "Bearer nope").json("{}"),
                401, "invalid_admin_token"));
        cases.add(new Case("bench start, levels a string", post("/api/bench/runs").header("Authorization", "Bearer " + ADMIN_TOKEN)
                .json("{\"levels\":\"many\"}"), 400, null));
        cases.add(new Case("bench start, 10k levels", post("/api/bench/runs").header("Authorization", "Bearer " + ADMIN_TOKEN)
                .json("{\"levels\":[" + "1,".repeat(9_999) + "1]}"), 400, null));
        cases.add(new Case("bench start, negative requests", post("/api/bench/runs").header("Authorization", "Bearer " + ADMIN_TOKEN)
                .json("{\"requests_per_level\":-1}"), 400, null));
        cases.add(new Case("bench run id traversal", get("/api/bench/runs/..%2F..%2Fetc%2Fpasswd"), 404, null));
        cases.add(new Case("bench rows of a traversal id", get("/api/bench/runs/..%2f..%2f/rows.csv"), 404, null));
        cases.add(new Case("bench run id 5000 chars", get("/api/bench/runs/" + "r".repeat(3_000)), 404, null));
        cases.add(new Case("rules edit without token", RawHttp.request("PUT", "/api/rules").json("{}"), 401, null));
        cases.add(new Case("rules version not a number", get("/api/rules/versions/abc"), 400, null));
        cases.add(new Case("rules version traversal", get("/api/rules/versions/..%2F..%2Fetc%2Fpasswd"), 400, null));
        // HTTP method misuse on known paths: 405 with Allow.
        cases.add(new Case("GET on chat", get(chat), 405, "method_not_allowed"));
        cases.add(new Case("PUT on models", RawHttp.request("PUT", "/v1/models").json("{}"), 405, "method_not_allowed"));
        cases.add(new Case("POST on health", post("/health").json("{}"), 405, "method_not_allowed"));
        cases.add(new Case("DELETE on health", RawHttp.request("DELETE", "/health"), 405, "method_not_allowed"));
        cases.add(new Case("POST on metrics", post("/metrics").json("{}"), 405, "method_not_allowed"));
        cases.add(new Case("PATCH on compare", RawHttp.request("PATCH", "/api/compare").json("{}"), 405, "method_not_allowed"));
        cases.add(new Case("DELETE on rules", RawHttp.request("DELETE", "/api/rules"), 405, "method_not_allowed"));
        cases.add(new Case("TRACE on chat", RawHttp.request("TRACE", chat), 405, "method_not_allowed"));
        cases.add(new Case("unknown method", RawHttp.request("BREW", chat), 405, "method_not_allowed"));
        // Static files: traversal and odd paths never leave the console's assets.
        for (String path : List.of("/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd",
                "/%252e%252e/%252e%252e/etc/passwd", "/....//....//etc/passwd", "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
                "/webjars/../../../../etc/passwd", "/js/..%5c..%5c..%5cetc%5cpasswd", "/index.html%00.js",
                "/%00", "/.git/config", "/WEB-INF/web.xml", "/application.properties")) {
            cases.add(new Case("static " + path, get(path), 404, "not_found"));
        }
        // Header abuse.
        RawHttp.Request flood = get("/v1/models");
        for (int i = 0; i < 200; i++) {
            flood.header("X-Flood-" + i, "y");
        }
        cases.add(new Case("200 headers", flood, 431, "too_many_headers"));
        cases.add(new Case("one 20 KB header", get("/v1/models").header("X-Big", "z".repeat(20_000)), 431, "headers_too_large"));
        cases.add(new Case("10 KB URL", get("/v1/models?" + "q".repeat(10_000)), 414, "request_line_too_long"));
        cases.add(new Case("NUL byte in the request line", RawHttp.request("GET", "/").rawHead(
                bytes("GET /v1/mo", new byte[]{0}, "dels HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")), 400, "malformed_request"));
        cases.add(new Case("not HTTP at all", RawHttp.request("GET", "/").rawHead(
                "\u0016\u0003\u0001 hello TLS?\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)), 400, "malformed_request"));
        cases.add(new Case("Content-Length not a number", RawHttp.request("POST", chat).rawHead(
                ("POST " + chat + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: lots\r\n"
                        + "Connection: close\r\n\r\n{}").getBytes(StandardCharsets.ISO_8859_1)), 400, "malformed_request"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("battery")
    void answersBadInputWithTheRightStatusAndAnOpenAiErrorWithoutInternals(Case c) {
        RawHttp.Answer answer = c.request().send(base);

        assertThat(answer.status()).as("%s: %s", c.name(), abbreviate(answer.body())).isEqualTo(c.status());
        assertThat(answer.body()).as("%s leaks internals", c.name()).doesNotContain(LEAKS);
        if (c.status() >= 400) {
            assertThat(answer.header("Content-Type")).as(c.name()).startsWith("application/json");
            JsonNode error = parse(answer.body()).path("error");
            assertThat(error.path("message").asText()).as("%s: message", c.name()).isNotBlank();
            assertThat(error.path("type").asText()).as("%s: type", c.name()).isNotBlank();
            if (c.code() != null) {
                assertThat(error.path("code").asText()).as("%s: code", c.name()).isEqualTo(c.code());
            }
        }
        if (c.status() == 405) {
            assertThat(answer.header("Allow")).as("%s: Allow", c.name()).isNotBlank();
        }
    }

    @Test
    void staysHealthyAndServingAfterTheBattery() {
        battery().forEach(c -> c.request().send(base));

        assertThat(get("/health").send(base).status()).isEqualTo(200);
        RawHttp.Answer chat = post("/v1/chat/completions").json(HI + ",\"max_tokens\":2}").send(base);
        assertThat(chat.status()).as(chat.body()).isEqualTo(200);
        assertThat(get("/").send(base).status()).as("the console still loads").isEqualTo(200);
    }

    // ---- helpers

    private static Case json(String path, String name, String body, int status, String code) {
        return new Case(path + " " + name, post(path).json(body), status, code);
    }

    private static RawHttp.Request post(String path) {
        return RawHttp.request("POST", path);
    }

    private static RawHttp.Request get(String path) {
        return RawHttp.request("GET", path);
    }

    private static byte[] bytes(String before, byte[] middle, String after) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(before.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(middle);
        out.writeBytes(after.getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + abbreviate(body), e);
        }
    }

    private static String abbreviate(String body) {
        return body.length() > 300 ? body.substring(0, 300) + "..." : body;
    }
}
