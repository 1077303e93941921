package com.cascade4arm.app.hardening;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 request written byte for byte on a fresh socket (no client library to normalise paths, fix encodings
 * or refuse odd headers), and its answer parsed.
 */
final class RawRequest {
    private final String method;
    private final String target;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private byte[] body;
    private byte[] rawHead;

    private RawRequest(String method, String target) {
        this.method = method;
        this.target = target;
    }

    static RawRequest of(String method, String target) {
        return new RawRequest(method, target);
    }

    RawRequest header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    RawRequest json(String text) {
        return body("application/json", text.getBytes(StandardCharsets.UTF_8));
    }

    RawRequest body(String contentType, byte[] bytes) {
        if (contentType != null) {
            headers.put("Content-Type", contentType);
        }
        this.body = bytes;
        return this;
    }

    /** Replaces the whole request head (request line and headers) with these exact bytes. */
    RawRequest rawHead(byte[] head) {
        this.rawHead = head;
        return this;
    }

    Answer send(URI base) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(30_000);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (rawHead != null) {
                out.write(rawHead);
            } else {
                out.write((method + " " + target + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\nConnection: close\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                for (Map.Entry<String, String> header : headers.entrySet()) {
                    out.write((header.getKey() + ": " + header.getValue() + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                }
                if (body != null) {
                    out.write(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                }
                out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                if (body != null) {
                    out.write(body);
                }
            }
            try {
                socket.getOutputStream().write(out.toByteArray());
                socket.getOutputStream().flush();
            } catch (IOException closedEarly) {
                // the server may answer and close before reading everything (e.g. 413): read what it said
            }
            return read(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + target, e);
        }
    }

    @Override
    public String toString() {
        return method + " " + (target.length() > 80 ? target.substring(0, 80) + "..." : target);
    }

    record Answer(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed before a complete response head: " + head);
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        String length = headers.get("content-length");
        byte[] body = length != null ? in.readNBytes(Integer.parseInt(length)) : readChunkedOrAll(in, headers);
        return new Answer(Integer.parseInt(lines[0].split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    private static byte[] readChunkedOrAll(InputStream in, Map<String, String> headers) throws IOException {
        if (!"chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            return in.readAllBytes();
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            StringBuilder size = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                if (b != '\r') {
                    size.append((char) b);
                }
            }
            int n = Integer.parseInt(size.toString().split(";")[0].trim(), 16);
            if (n == 0) {
                return body.toByteArray();
            }
            body.write(in.readNBytes(n));
            in.readNBytes(2);
        }
    }
}
