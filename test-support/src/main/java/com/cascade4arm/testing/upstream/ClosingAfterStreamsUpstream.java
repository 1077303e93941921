package com.cascade4arm.testing.upstream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An upstream with llama-server's connection habit at its worst: after a streamed answer the connection is done,
 * though the answer announced keep-alive ({@code Keep-Alive: timeout=5, max=100}, no {@code Connection: close}) — the
 * next request on it is read and dropped with a close, before any byte of an answer. Plain answers (and {@code GET
 * /health}) keep their connection. Raw sockets, a thread per connection; counts connections and lost requests.
 */
public final class ClosingAfterStreamsUpstream implements AutoCloseable {
    public static final String CONTENT = "Hi";
    private static final String SSE = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + CONTENT + "\"}}]}\n\n"
            + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,\"total_tokens\":4}}\n\n"
            + "data: [DONE]\n\n";
    private static final String PLAIN = "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
            + CONTENT + "\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,\"total_tokens\":4}}";

    private final ServerSocket server;
    /** Closes as soon as a stream is written, not at the next request: a close that races the client's next request. */
    private final boolean closeAtOnce;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger lost = new AtomicInteger();
    private volatile boolean closed;

    private ClosingAfterStreamsUpstream(ServerSocket server, boolean closeAtOnce) {
        this.server = server;
        this.closeAtOnce = closeAtOnce;
    }

    /** Drops the next request on a connection that carried a stream. */
    public static ClosingAfterStreamsUpstream start() {
        return start(false);
    }

    /**
     * Closes a connection right after its stream, as llama-server does: a client sending its next request at once
     * finds the connection closing as its pool lends it, or as the request goes out.
     */
    public static ClosingAfterStreamsUpstream startClosingAtOnce() {
        return start(true);
    }

    private static ClosingAfterStreamsUpstream start(boolean closeAtOnce) {
        try {
            ClosingAfterStreamsUpstream upstream = new ClosingAfterStreamsUpstream(
                    new ServerSocket(0, 64, InetAddress.getLoopbackAddress()), closeAtOnce);
            Thread acceptor = new Thread(upstream::accept, "closing-upstream-accept");
            acceptor.setDaemon(true);
            acceptor.start();
            return upstream;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Connections accepted so far. */
    public int connections() {
        return connections.get();
    }

    /** Requests that came on a connection after its streamed answer, and were dropped. */
    public int lost() {
        return lost.get();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                Thread connection = new Thread(() -> serve(socket), "closing-upstream-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            boolean streamed = false;
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                byte[] body = in.readNBytes(contentLength(head));
                if (streamed) {
                    lost.incrementAndGet();
                    return; // closes: the request is lost before any byte of an answer
                }
                String text = new String(body, StandardCharsets.UTF_8);
                if (head.startsWith("GET /health")) {
                    write(out, "application/json", "{\"status\":\"ok\"}");
                } else if (text.contains("\"stream\":true")) {
                    int length = SSE.getBytes(StandardCharsets.UTF_8).length;
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nKeep-Alive: timeout=5, max=100\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(length) + "\r\n" + SSE
                            + "\r\n0\r\n\r\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    if (closeAtOnce) {
                        return;
                    }
                    streamed = true;
                } else {
                    write(out, "application/json", PLAIN);
                }
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private static void write(OutputStream out, String contentType, String body) throws IOException {
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nKeep-Alive: timeout=5, max=100\r\n"
                + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body)
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The request head up to the blank line, or null at the end of the stream. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int b;
        while ((b = in.read()) != -1) {
            head.append((char) b);
            if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                return head.toString();
            }
        }
        return null;
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return 0;
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
