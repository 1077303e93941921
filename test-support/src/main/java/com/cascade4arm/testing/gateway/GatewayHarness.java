package com.cascade4arm.testing.gateway;

import com.cascade4arm.testing.http.HttpTestClient;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListener;
import org.apache.camel.spi.EmbeddedHttpService;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The real gateway under test: Camel Main with the given listener (the application's own, or a test variant) on a
 * free loopback port, its state in a fresh temporary directory, with the properties the test gives — and an HTTP
 * client pointed at it. Every gateway test boots through here.
 *
 * @param <L> the listener type, so a test can reach the gateway it wired ({@link #listener()})
 */
public final class GatewayHarness<L extends MainListener> implements AutoCloseable {
    /**
     * Lifts the per-client concurrency cap (shipped: 4): a test is one client with many requests in flight from
     * 127.0.0.1. The per-client rate limits need no lifting: bound to loopback they are off as shipped.
     */
    public static final Map<String, String> UNLIMITED_EDGE = Map.of("cascade.edge.max-concurrent-per-client", "1000");
    private static final Duration DEFAULT_READY_WITHIN = Duration.ofSeconds(20);
    private static final String DATA_DIR = "cascade.data-dir";
    /** The configuration the application ships, which Camel Main reads first (camel-app's; routes' tests copy it). */
    private static final String SHIPPED_PROPERTIES = "application.properties";

    private final Main main;
    private final L listener;
    private final URI base;
    private final HttpTestClient http;
    private final Path ownDataDir;

    private GatewayHarness(Main main, L listener, URI base, Path ownDataDir) {
        this.main = main;
        this.listener = listener;
        this.base = base;
        this.http = new HttpTestClient(base);
        this.ownDataDir = ownDataDir;
    }

    /** A gateway built around {@code listener}; {@code mainClass} (may be null) is Camel Main's configuration class. */
    public static <L extends MainListener> Builder<L> with(L listener, Class<?> mainClass) {
        return new Builder<>(listener, mainClass);
    }

    public static <L extends MainListener> Builder<L> with(L listener) {
        return new Builder<>(listener, null);
    }

    /**
     * A gateway with the shipped configuration and nothing else: warm-up on, edge limits, metrics cache and drain as
     * application.properties has them. Only what cannot be shipped is set: a free port and a fresh state directory
     * (and whatever the test adds). For one test per module that boots gateways, so the defaults stay bootable.
     */
    public static <L extends MainListener> Builder<L> shipped(L listener, Class<?> mainClass) {
        return new Builder<>(listener, mainClass, false);
    }

    /** Properties and readiness for one boot; {@link #start()} boots. */
    public static final class Builder<L extends MainListener> {
        private final L listener;
        private final Class<?> mainClass;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private Duration readyWithin = DEFAULT_READY_WITHIN;

        private Builder(L listener, Class<?> mainClass) {
            this(listener, mainClass, true);
        }

        /**
         * Every override a test gateway gets beyond the shipped application.properties, each with its reason
         * (test-support/README.md lists them); {@code testDefaults} false: none ({@link #shipped}).
         */
        private Builder(L listener, Class<?> mainClass, boolean testDefaults) {
            this.listener = listener;
            this.mainClass = mainClass;
            if (!testDefaults) {
                return;
            }
            // Loopback whatever CASCADE_HOST the environment exports (a CI box may): a test never listens beyond it.
            properties.put("camel.server.host", "127.0.0.1");
            properties.put("cascade.metrics.cache-ms", "0"); // tests read counters right after acting
            // A test that stops its gateway with a request still hanging need not wait the production drain (20 s).
            properties.put("cascade.shutdown.drain-timeout-ms", "1000");
            properties.putAll(UNLIMITED_EDGE);
            // Seconds per boot, hundreds of boots; GatewayWarmupIT, the shipped-defaults ITs and QuickStartIT run it.
            properties.put("cascade.warmup.requests", "0");
        }

        public Builder<L> property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        public Builder<L> properties(Map<String, String> values) {
            properties.putAll(values);
            return this;
        }

        /** Both pools on the same URL(s). */
        public Builder<L> pools(String small, String large) {
            return property("cascade.small.urls", small).property("cascade.large.urls", large);
        }

        /** How long /health may take to say ok; null returns as soon as Camel started. */
        public Builder<L> readyWithin(Duration value) {
            this.readyWithin = value;
            return this;
        }

        public GatewayHarness<L> start() {
            if (Thread.currentThread().getContextClassLoader().getResource(SHIPPED_PROPERTIES) == null) {
                throw new IllegalStateException("no " + SHIPPED_PROPERTIES + " on the test classpath: a test gateway"
                        + " boots the shipped configuration (camel-app's; see test-support/README.md)");
            }
            Main main = mainClass == null ? new Main() : new Main(mainClass);
            main.addMainListener(listener);
            // Port 0 (the shipped 8080 may be taken; tests run side by side): the OS picks a free port as it binds; a port picked beforehand can be taken meanwhile (an
            // outbound connection made during the boot gets its local port from the same range).
            Map<String, String> boot = new LinkedHashMap<>(properties); // a builder may boot again
            boot.putIfAbsent("camel.server.port", "0");
            // Never the developer's real state; a directory the test did not name is deleted when the gateway stops.
            Path ownDataDir = boot.containsKey(DATA_DIR) ? null : tempDir();
            if (ownDataDir != null) {
                boot.put(DATA_DIR, ownDataDir.toString());
            }
            boot.forEach(main::addOverrideProperty);
            GatewayHarness<L> gateway = null;
            try {
                main.start();
                gateway = new GatewayHarness<>(main, listener, URI.create("http://127.0.0.1:" + boundPort(main)), ownDataDir);
                if (readyWithin != null) {
                    GatewayHarness<L> booted = gateway;
                    Awaitility.await("gateway healthy").atMost(readyWithin).pollInterval(Duration.ofMillis(100))
                            .until(() -> booted.status("/health") == 200);
                }
            } catch (Exception | AssertionError e) {
                // CI prints only the summary line: name the cause and what /health said there.
                String health = gateway == null ? "not bound" : gateway.healthBody();
                stopQuietly(main); // a failed boot must not leave a half-started gateway behind
                deleteQuietly(ownDataDir);
                throw new IllegalStateException("gateway failed to start: " + rootCause(e) + "; /health: " + health, e);
            }
            return gateway;
        }
    }

    /** The port the gateway's HTTP server bound (a Camel {@link EmbeddedHttpService} of the context). */
    private static int boundPort(Main main) {
        EmbeddedHttpService server = main.getCamelContext().hasService(EmbeddedHttpService.class);
        if (server == null) {
            throw new IllegalStateException("the gateway's HTTP server is not started");
        }
        return server.getServerPort();
    }

    private static void stopQuietly(Main main) {
        try {
            main.stop();
        } catch (RuntimeException ignored) {
            // best effort: a test's own assertion is what matters
        }
    }

    private static String rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause == e ? String.valueOf(e) : e + " (cause: " + cause + ")";
    }

    private String healthBody() {
        try {
            HttpTestClient.Response response = http.get("/health");
            return response.status() + " " + response.body();
        } catch (RuntimeException e) {
            return "no answer (" + e + ")";
        }
    }

    public URI baseUrl() {
        return base;
    }

    public int port() {
        return base.getPort();
    }

    public L listener() {
        return listener;
    }

    public Main main() {
        return main;
    }

    public HttpTestClient http() {
        return http;
    }

    /** HTTP status of a GET, or -1 while the socket does not answer. */
    public int status(String path) {
        try {
            return http.get(path).status();
        } catch (UncheckedIOException | IllegalStateException e) {
            return -1;
        }
    }

    /** A counter or gauge from /metrics: the sum over the series whose labels contain every {@code label="value"}. */
    public double metric(String name, String... labels) {
        double sum = 0;
        Pattern line = Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$");
        for (String text : http.get("/metrics").body().split("\n")) {
            Matcher m = line.matcher(text);
            if (m.matches() && containsAll(m.group(1) == null ? "" : m.group(1), labels)) {
                sum += Double.parseDouble(m.group(2));
            }
        }
        return sum;
    }

    private static boolean containsAll(String labelSet, String... labels) {
        for (String label : labels) {
            if (!labelSet.contains(label)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        stopQuietly(main);
        deleteQuietly(ownDataDir);
    }

    /** Deletes a directory tree the harness created (null: none); what cannot be deleted stays. */
    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // best effort: a temporary directory
        }
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("cascade-it-");
        } catch (IOException e) {
            throw new UncheckedIOException("no temp dir", e);
        }
    }
}
