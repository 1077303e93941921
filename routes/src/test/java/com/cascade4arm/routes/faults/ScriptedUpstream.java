package com.cascade4arm.routes.faults;

import com.cascade4arm.testing.http.RawHttp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A llama-server stand-in on a raw server socket that misbehaves on purpose — hangs before the first byte, sends
 * garbage SSE, answers 429 — where the instant responder (test-support) cannot; {@code GET /health} is always fine, so only
 * the breaker and the relay stand between the fault and the client. One connection per request (Connection: close).
 */
final class ScriptedUpstream implements AutoCloseable {
    enum Mode { OK, HANG_BEFORE_FIRST_BYTE, GARBAGE_FIRST_EVENT, GARBAGE_AFTER_CONTENT, RATE_LIMITED }

    static final String PARTIAL_TEXT = "Partial";
    static final String OK_TEXT = "Scripted answer.";
    static final int RETRY_AFTER_SECONDS = 7;

    private final ServerSocket server;
    private final AtomicInteger chatRequests = new AtomicInteger();
    private final AtomicInteger hanging = new AtomicInteger();
    private volatile Mode mode = Mode.OK;

    ScriptedUpstream() {
        try {
            server = new ServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::acceptLoop, "scripted-upstream");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    void mode(Mode value) {
        mode = value;
    }

    int chatRequests() {
        return chatRequests.get();
    }

    /** Requests held in {@link Mode#HANG_BEFORE_FIRST_BYTE} whose connection the gateway has not closed yet. */
    int hangingRequests() {
        return hanging.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread handler = new Thread(() -> serve(socket), "scripted-upstream-conn");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            String head = RawHttp.readHead(in);
            String requestLine = head.lines().findFirst().orElse("");
            int length = contentLength(head);
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            if (requestLine.startsWith("GET /health")) {
                write(out, response(200, "application/json", "{\"status\":\"ok\"}", ""));
                return;
            }
            chatRequests.incrementAndGet();
            boolean stream = body.replace(" ", "").contains("\"stream\":true");
            switch (mode) {
                case OK -> write(out, stream ? sse(role() + content(OK_TEXT) + finish() + "data: [DONE]\n\n")
                        : response(200, "application/json", completion(OK_TEXT), ""));
                case HANG_BEFORE_FIRST_BYTE -> hang(in); // holds the request until the gateway gives up and closes
                case GARBAGE_FIRST_EVENT -> write(out, stream ? sse("data: {\"choices\":[{\"delta\":{\"content\":\"Hel\u0000\u00ff\n\n")
                        : response(200, "application/json", "<html>not json</html>", ""));
                case GARBAGE_AFTER_CONTENT -> write(out, sse(role() + content(PARTIAL_TEXT) + "data: <<garbage>>\n\n"
                        + "data: [DONE]\n\n"));
                case RATE_LIMITED -> write(out, response(429, "application/json",
                        "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit_error\",\"code\":429}}",
                        "Retry-After: " + RETRY_AFTER_SECONDS + "\r\n"));
            }
        } catch (IOException gone) {
            // the gateway closed the connection: nothing to answer
        }
    }

    private void hang(InputStream in) throws IOException {
        hanging.incrementAndGet();
        try {
            in.read();
        } finally {
            hanging.decrementAndGet();
        }
    }

    private static String role() {
        return "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
                + "\"delta\":{\"role\":\"assistant\"},\"finish_reason\":null}]}\n\n";
    }

    private static String content(String text) {
        return "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text
                + "\"},\"finish_reason\":null}]}\n\n";
    }

    private static String finish() {
        return "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n";
    }

    private static String completion(String text) {
        return "{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
                + text + "\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2}}";
    }

    private static String sse(String events) {
        return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n" + events;
    }

    private static String response(int status, String contentType, String body, String extraHeaders) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return "HTTP/1.1 " + status + " X\r\nContent-Type: " + contentType + "\r\nContent-Length: " + bytes.length
                + "\r\n" + extraHeaders + "Connection: close\r\n\r\n" + body;
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static int contentLength(String head) {
        return head.lines().filter(l -> l.toLowerCase(Locale.ROOT).startsWith("content-length:"))
                .map(l -> Integer.parseInt(l.substring(l.indexOf(':') + 1).trim())).findFirst().orElse(0);
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
