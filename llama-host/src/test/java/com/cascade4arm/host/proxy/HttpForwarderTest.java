package com.cascade4arm.host.proxy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The forwarder over real sockets against an upstream that, like llama-server at its keep-alive limits, closes a
 * kept-alive connection under the next request without answering it: the request is sent again on a new connection.
 */
class HttpForwarderTest {

    private final Vertx vertx = Vertx.vertx();
    private final List<String> bodiesSeen = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    @Test
    void resendsARequestWhosePooledConnectionTheUpstreamClosed() throws Exception {
        try (ServerSocket upstream = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> serveThenDropSecondRequest(upstream), "closing-upstream");
            server.setDaemon(true);
            server.start();
            HttpForwarder forwarder = new HttpForwarder(vertx,
                    () -> URI.create("http://127.0.0.1:" + upstream.getLocalPort()), null, "test upstream", false);
            HttpServer front = vertx.createHttpServer().requestHandler(forwarder::forward).listen(0, "127.0.0.1")
                    .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            HttpClient client = HttpClient.newHttpClient();
            URI url = URI.create("http://127.0.0.1:" + front.actualPort() + "/v1/chat/completions");

            HttpResponse<String> first = client.send(post(url, "{\"n\":1}"), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> second = client.send(post(url, "{\"n\":2}"), HttpResponse.BodyHandlers.ofString());

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
            assertThat(second.body()).isEqualTo("answer on connection 2");
            assertThat(bodiesSeen).containsExactly("{\"n\":1}", "{\"n\":2}", "{\"n\":2}");
        }
    }

    @Test
    void clientsThatLeaveMidStreamCostNoErrorAndTheirUpstreamRequests() throws Exception {
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        root.addAppender(log);
        int clients = 5;
        try (ServerSocket upstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            CountDownLatch upstreamsClosed = new CountDownLatch(clients);
            Thread server = new Thread(() -> floodEachRequestUntilClosed(upstream, upstreamsClosed), "flooding-upstream");
            server.setDaemon(true);
            server.start();
            HttpForwarder forwarder = new HttpForwarder(vertx,
                    () -> URI.create("http://127.0.0.1:" + upstream.getLocalPort()), null, "test upstream", false);
            HttpServer front = vertx.createHttpServer().requestHandler(forwarder::forward).listen(0, "127.0.0.1")
                    .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);

            for (int i = 0; i < clients; i++) {
                try (Socket client = new Socket("127.0.0.1", front.actualPort())) {
                    String body = "{\"stream\":true}";
                    client.getOutputStream().write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            + "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                            .getBytes(StandardCharsets.US_ASCII));
                    client.getOutputStream().flush();
                    BufferedReader in = reader(client);
                    String line;
                    while ((line = in.readLine()) != null && !line.startsWith("data:")) {
                        // head and chunk sizes, until the first event arrived
                    }
                    assertThat(line).as("the stream began").startsWith("data:");
                    client.setSoLinger(true, 0); // leave abruptly, as a killed client does, while events keep coming
                }
            }

            assertThat(upstreamsClosed.await(10, TimeUnit.SECONDS)).as("every upstream request was dropped").isTrue();
            // Chunks the upstream sent before its request was dropped are still being delivered: let them arrive.
            Awaitility.await().pollDelay(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> true);
        } finally {
            root.detachAppender(log);
        }
        assertThat(log.list).as("log events after the clients left: %s", log.list)
                .noneMatch(event -> event.getThrowableProxy() != null)
                .noneMatch(event -> event.getLevel().isGreaterOrEqual(Level.WARN));
    }

    /** Per connection: reads one request, then sends SSE events as fast as it can until the connection breaks. */
    private static void floodEachRequestUntilClosed(ServerSocket upstream, CountDownLatch closed) {
        while (closed.getCount() > 0) {
            Socket socket;
            try {
                socket = upstream.accept();
            } catch (IOException e) {
                return;
            }
            Thread sender = new Thread(() -> {
                try (socket) {
                    readRequest(reader(socket));
                    OutputStream out = socket.getOutputStream();
                    out.write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    String event = "data: {\"token\":\"" + "x".repeat(2_000) + "\"}\n\n";
                    byte[] chunk = (Integer.toHexString(event.length()) + "\r\n" + event + "\r\n").getBytes(StandardCharsets.US_ASCII);
                    for (int i = 0; i < 100_000; i++) {
                        out.write(chunk);
                        out.flush();
                    }
                } catch (IOException e) {
                    closed.countDown();
                }
            }, "flooding-upstream-stream");
            sender.setDaemon(true);
            sender.start();
        }
    }

    private static HttpRequest post(URI url, String body) {
        return HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    /** Connection 1: answers one request, reads the next and closes without answering. Connection 2: answers. */
    private void serveThenDropSecondRequest(ServerSocket upstream) {
        try (Socket first = upstream.accept()) {
            BufferedReader in = reader(first);
            bodiesSeen.add(readRequest(in));
            answer(first.getOutputStream(), "answer on connection 1");
            bodiesSeen.add(readRequest(in));
        } catch (IOException e) {
            return;
        }
        try (Socket second = upstream.accept()) {
            bodiesSeen.add(readRequest(reader(second)));
            answer(second.getOutputStream(), "answer on connection 2");
        } catch (IOException e) {
            // the test fails on the missing answer
        }
    }

    private static BufferedReader reader(Socket socket) throws IOException {
        return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    }

    private static String readRequest(BufferedReader in) throws IOException {
        int length = 0;
        String line;
        while ((line = in.readLine()) != null && !line.isEmpty()) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        char[] body = new char[length];
        int read = 0;
        while (read < length) {
            read += in.read(body, read, length - read);
        }
        return new String(body);
    }

    private static void answer(OutputStream out, String body) throws IOException {
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + body.length()
                + "\r\nKeep-Alive: timeout=5, max=100\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
