package com.cascade4arm.testing.health;

import com.cascade4arm.testing.http.RawHttp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Measures {@code GET /health} again and again on one connection while a hostile probe runs, so a test can assert
 * that one client's input never stalled the event loop for everyone: {@code try (var h = HealthLatencyProbe.start(base))
 * { attack(); } h.p99Ms()}. A request that fails or answers non-200 counts as {@link #failures()}. The connection comes
 * from an address of its own ({@link #SOURCE_ADDRESS}) and is closed with the probe, so it never counts against the
 * per-client connection cap of the test's own requests from 127.0.0.1 (the JDK client kept its idle connections open).
 */
public final class HealthLatencyProbe implements AutoCloseable {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final long PAUSE_BETWEEN_MS = 10;

    /** A loopback address no test uses as a client of its own. */
    public static final String SOURCE_ADDRESS = "127.0.0.254";

    private final int port;
    private final byte[] request;
    private Socket socket;
    private java.io.InputStream in; // buffered: RawHttp reads byte by byte
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Long> latenciesMicros = new ArrayList<>();
    private final Thread thread;
    private int failures;

    private HealthLatencyProbe(URI base) {
        this.port = base.getPort();
        this.request = ("GET /health HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        this.thread = new Thread(this::loop, "health-latency-probe");
        thread.setDaemon(true);
    }

    /** Starts sampling {@code base}/health now (one warm-up request first, not counted). */
    public static HealthLatencyProbe start(URI base) {
        HealthLatencyProbe probe = new HealthLatencyProbe(base);
        probe.sendOnce();
        probe.thread.start();
        return probe;
    }

    private void loop() {
        while (running.get()) {
            long start = System.nanoTime();
            boolean ok = sendOnce();
            long micros = (System.nanoTime() - start) / 1_000;
            synchronized (this) {
                latenciesMicros.add(micros);
                if (!ok) {
                    failures++;
                }
            }
            try {
                Thread.sleep(PAUSE_BETWEEN_MS); // a load balancer's probe, not a flood
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One request on the probe's connection (opened again if the server closed it). */
    private boolean sendOnce() {
        try {
            if (socket == null || socket.isClosed()) {
                socket = RawHttp.connect(port, SOURCE_ADDRESS);
                socket.setSoTimeout((int) REQUEST_TIMEOUT.toMillis());
                in = new java.io.BufferedInputStream(socket.getInputStream());
            }
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return RawHttp.read(in).status() == 200;
        } catch (IOException | UncheckedIOException e) {
            closeSocket();
            return false;
        }
    }

    private void closeSocket() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a broken connection
            }
            socket = null;
        }
    }

    /** Stops sampling (waits for the request in flight). */
    @Override
    public void close() {
        running.set(false);
        try {
            thread.join(REQUEST_TIMEOUT.toMillis() + 1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeSocket();
    }

    public synchronized int samples() {
        return latenciesMicros.size();
    }

    public synchronized int failures() {
        return failures;
    }

    /** The q-quantile (0..1) of the latencies, in ms; 0 with no sample. */
    public synchronized double quantileMs(double q) {
        if (latenciesMicros.isEmpty()) {
            return 0;
        }
        List<Long> sorted = latenciesMicros.stream().sorted().toList();
        int index = (int) Math.min(sorted.size() - 1, Math.ceil(q * sorted.size()) - 1);
        return sorted.get(Math.max(0, index)) / 1_000.0;
    }

    public double p50Ms() {
        return quantileMs(0.50);
    }

    public double p99Ms() {
        return quantileMs(0.99);
    }

    /** One line for the test's output: samples, p50, p99, max, failures. */
    public String summary() {
        return String.format("/health: %d samples, p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d failed",
                samples(), p50Ms(), p99Ms(), quantileMs(1.0), failures());
    }
}
