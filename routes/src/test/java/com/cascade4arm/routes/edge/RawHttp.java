package com.cascade4arm.routes.edge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** HTTP/1.1 over a plain socket: exact bytes out (half requests, floods, a chosen source address), the answer parsed. */
public final class RawHttp {
    private RawHttp() {
    }

    /** A parsed answer: status, headers (lower-case names) and the body as text. */
    public record Answer(int status, Map<String, String> headers, String body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** Opens a socket to the gateway, from {@code localAddress} when given (e.g. 127.0.0.2 to be another peer). */
    public static Socket connect(int port, String localAddress) {
        try {
            Socket socket = new Socket();
            if (localAddress != null) {
                socket.bind(new InetSocketAddress(localAddress, 0));
            }
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
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

    /** Reads one response: head, then Content-Length bytes or (without one) until the server closes. */
    public static Answer read(InputStream in) throws IOException {
        String head = readHead(in);
        String[] lines = head.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        byte[] body;
        String length = headers.get("content-length");
        if (length != null) {
            body = in.readNBytes(Integer.parseInt(length));
        } else {
            body = in.readAllBytes();
        }
        return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    private static String readHead(InputStream in) throws IOException {
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
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** How long until the server closes {@code socket} (read returns end of stream or the socket resets), at most {@code max}. */
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
}
