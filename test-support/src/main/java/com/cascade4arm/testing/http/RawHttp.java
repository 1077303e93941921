package com.cascade4arm.testing.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket: exact bytes out (half requests, floods, odd headers, a chosen source address) with no
 * client library to normalise them, and the answer parsed (Content-Length, chunked, or until close).
 */
public final class RawHttp {
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final int READ_TIMEOUT_MS = 30_000;

    private RawHttp() {
    }

    /** A parsed answer: status, headers (lower-case names) and the body as text. */
    public record Answer(int status, Map<String, String> headers, String body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** One request written byte for byte on a fresh socket; {@link #send} reads its answer. */
    public static Request request(String method, String target) {
        return new Request(method, target);
    }

    /** Opens a socket to 127.0.0.1:{@code port}, from {@code localAddress} when given (e.g. 127.0.0.2 to be another peer). */
    public static Socket connect(int port, String localAddress) {
        try {
            Socket socket = new Socket();
            if (localAddress != null) {
                socket.bind(new InetSocketAddress(localAddress, 0));
            }
            socket.connect(new InetSocketAddress("127.0.0.1", port), CONNECT_TIMEOUT_MS);
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code request} on a new connection and reads one answer (Connection: close is the caller's business). */
    public static Answer exchange(int port, String localAddress, byte[] request) {
        try (Socket socket = connect(port, localAddress)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return read(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Answer exchange(int port, String request) {
        return exchange(port, null, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Reads one response: head, then Content-Length bytes, the chunks, or (with neither) until the server closes. */
    public static Answer read(InputStream in) throws IOException {
        String[] lines = readHead(in).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = headerMap(lines);
        String length = headers.get("content-length");
        byte[] body;
        if (length != null) {
            body = in.readNBytes(Integer.parseInt(length));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = readChunks(in);
        } else {
            body = in.readAllBytes();
        }
        return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    /** Header lines after the first line of a head, names lower-cased. */
    public static Map<String, String> headerMap(String[] lines) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        return headers;
    }

    /** Reads up to and including the blank line that ends a message head (requests and responses alike). */
    public static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed before a complete message head: " + head);
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static byte[] readChunks(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            StringBuilder size = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                if (b != '\r') {
                    size.append((char) b);
                }
            }
            if (size.length() == 0) {
                return body.toByteArray(); // the connection ended without the last chunk
            }
            int n = Integer.parseInt(size.toString().split(";")[0].trim(), 16);
            if (n == 0) {
                return body.toByteArray();
            }
            body.write(in.readNBytes(n));
            in.readNBytes(2);
        }
    }

    /** How long until the server closes {@code socket} (end of stream or a reset), at most {@code max}; null if open. */
    public static Duration timeUntilClosed(Socket socket, Duration max) throws IOException {
        long start = System.nanoTime();
        socket.setSoTimeout((int) max.toMillis());
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[65_536];
        try {
            while (in.read(buffer) >= 0) {
                // drain whatever the server sent before closing
            }
        } catch (SocketTimeoutException stillOpen) {
            return null;
        } catch (IOException reset) {
            // a reset is a close too
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** A request built header by header ({@code Connection: close} added), or with a head given as exact bytes. */
    public static final class Request {
        private final String method;
        private final String target;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private byte[] body;
        private byte[] rawHead;

        private Request(String method, String target) {
            this.method = method;
            this.target = target;
        }

        public Request header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public Request json(String text) {
            return body("application/json", text.getBytes(StandardCharsets.UTF_8));
        }

        public Request body(String contentType, byte[] bytes) {
            if (contentType != null) {
                headers.put("Content-Type", contentType);
            }
            this.body = bytes;
            return this;
        }

        /** Replaces the whole request head (request line and headers) with these exact bytes. */
        public Request rawHead(byte[] head) {
            this.rawHead = head;
            return this;
        }

        public Answer send(URI base) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), CONNECT_TIMEOUT_MS);
                socket.setSoTimeout(READ_TIMEOUT_MS);
                try {
                    socket.getOutputStream().write(bytes(base));
                    socket.getOutputStream().flush();
                } catch (IOException closedEarly) {
                    // the server may answer and close before reading everything (e.g. 413): read what it said
                }
                return read(socket.getInputStream());
            } catch (IOException e) {
                throw new UncheckedIOException(method + " " + target, e);
            }
        }

        private byte[] bytes(URI base) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (rawHead != null) {
                out.write(rawHead);
                return out.toByteArray();
            }
            StringBuilder head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: ")
                    .append(base.getHost()).append("\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                out.write(body);
            }
            return out.toByteArray();
        }

        @Override
        public String toString() {
            return method + " " + (target.length() > 80 ? target.substring(0, 80) + "..." : target);
        }
    }
}
