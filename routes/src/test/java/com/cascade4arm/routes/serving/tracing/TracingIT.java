package com.cascade4arm.routes.serving.tracing;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Traces over real sockets: a client's W3C traceparent is continued, the upstream is sent the upstream call span's
 * traceparent in the same trace, and the spans reach an in-process OTLP/HTTP receiver (protobuf bytes inspected).
 */
class TracingIT {
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CLIENT_SPAN_ID = "00f067aa0ba902b7";
    private static final String ANSWER = "{\"id\":\"x\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"m\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"hi\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,\"total_tokens\":4}}";
    private static final List<String> upstreamTraceparents = new CopyOnWriteArrayList<>();
    private static final List<byte[]> exported = new CopyOnWriteArrayList<>();
    private static HttpServer upstream;
    private static HttpServer receiver;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws IOException {
        upstream = server();
        upstream.createContext("/", exchange -> {
            if (exchange.getRequestURI().getPath().equals("/v1/chat/completions")) {
                upstreamTraceparents.add(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
                exchange.getRequestBody().readAllBytes();
                respond(exchange, ANSWER.getBytes(StandardCharsets.UTF_8));
            } else {
                respond(exchange, "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8));
            }
        });
        receiver = server();
        receiver.createContext("/v1/traces", exchange -> {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            exchange.getRequestBody().transferTo(body);
            exported.add(body.toByteArray());
            respond(exchange, new byte[0]);
        });
        String upstreamUrl = "http://127.0.0.1:" + upstream.getAddress().getPort();
        gateway = RoutesGateway.builder().pools(upstreamUrl, upstreamUrl)
                .property("cascade.tracing.otlp-endpoint", "http://127.0.0.1:" + receiver.getAddress().getPort())
                .property("cascade.tracing.export-delay-ms", "50").start();
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        upstream.stop(0);
        receiver.stop(0);
    }

    @Test
    void continuesTheClientsTraceToTheUpstreamAndExportsItsSpans() {
        HttpRequest request = HttpRequest.newBuilder(URI.create(gateway.base() + "/v1/chat/completions"))
                .header("Content-Type", "application/json")
                .header("traceparent", "00-" + TRACE_ID + "-" + CLIENT_SPAN_ID + "-01")
                .POST(HttpRequest.BodyPublishers.ofString(HttpTestClient.chat("auto", "Hello there", 4, false))).build();

        HttpResponse<String> response = gateway.send(request);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(upstreamTraceparents).hasSize(1);
        assertThat(upstreamTraceparents.get(0)).as("the same trace, the upstream call's span")
                .matches("00-" + TRACE_ID + "-[0-9a-f]{16}-01").doesNotContain(CLIENT_SPAN_ID);
        byte[] traceId = HexFormat.of().parseHex(TRACE_ID);
        Awaitility.await("spans exported").atMost(Duration.ofSeconds(10)).until(() -> {
            String all = new String(concat(), StandardCharsets.ISO_8859_1);
            return all.contains(new String(traceId, StandardCharsets.ISO_8859_1)) && all.contains("routing decision")
                    && all.contains("upstream call") && all.contains("chat")
                    && all.contains("cascade4arm-gateway");
        });
    }

    private static byte[] concat() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        exported.forEach(all::writeBytes);
        return all.toByteArray();
    }

    private static HttpServer server() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.start();
        return server;
    }

    private static void respond(HttpExchange exchange, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
        exchange.close();
    }
}
