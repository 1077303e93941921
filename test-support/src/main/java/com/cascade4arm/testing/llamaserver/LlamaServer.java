package com.cascade4arm.testing.llamaserver;

import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.testing.skips.MissingTool;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real llama.cpp {@code llama-server} as a child process, for conformance tests: the binary is the one handed over in
 * {@value #BINARY_ENV} (CI does), else {@value #RELATIVE_PATH} in the directory that holds the project's checkout;
 * without either, tests skip, saying so ({@link MissingTool}).
 */
public final class LlamaServer implements AutoCloseable {
    /** Relative to the directory that holds the project's checkout. */
    public static final String RELATIVE_PATH = "shared/tools/llama-server/llama-server";
    /**
     * The binary handed to the tests (CI's .ci/run sets it). Not the product's CASCADE_LLAMA_SERVER, which would switch
     * every embedded host of every test to the llama-server engine.
     */
    public static final String BINARY_ENV = "CASCADE_TEST_LLAMA_SERVER";
    /** The same as a system property; wins over the environment variable. */
    public static final String BINARY_PROPERTY = "cascade.test.llama-server";
    /** The tool's name in skip messages. */
    public static final String TOOL = "llama-server";
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final Process process;
    private final int port;
    private final Path log;

    private LlamaServer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * The binary handed over in {@value #BINARY_PROPERTY} / {@value #BINARY_ENV}, else the one beside the project
     * (found from the working directory upwards), when executable. A handed-over path that is no executable file
     * fails: a tool CI hands over must run, not be skipped.
     */
    public static Optional<Path> binary() {
        String handed = System.getProperty(BINARY_PROPERTY, System.getenv(BINARY_ENV));
        if (handed != null && !handed.isBlank()) {
            Path path = Path.of(handed);
            if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
                throw new IllegalStateException(BINARY_ENV + " (or -D" + BINARY_PROPERTY
                        + ") must name an executable llama-server, but was '" + handed + "'");
            }
            return Optional.of(path);
        }
        return besideCheckout().filter(Files::isExecutable);
    }

    /** The binary, or the calling test is skipped with a message saying where it was looked for. */
    public static Path binaryOrSkip() {
        Optional<Path> binary = binary();
        MissingTool.assumePresent(binary.isPresent(), TOOL, besideCheckout().filter(Files::exists)
                .map(path -> path + " is not executable (copy it with the exec bit and set " + BINARY_ENV + ")")
                .orElse("none handed over in " + BINARY_ENV + " and none at ../" + RELATIVE_PATH
                        + " beside the project checkout; these tests need a real llama-server"));
        return binary.get();
    }

    /** Where the binary would be beside the checkout: the directory above the one holding the root pom and routes/. */
    private static Optional<Path> besideCheckout() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("routes"))) {
                return Optional.ofNullable(dir.getParent()).map(parent -> parent.resolve(RELATIVE_PATH));
            }
        }
        return Optional.empty();
    }

    /** Starts {@code binary -m model --host 127.0.0.1 --port P args…} on a free port, without waiting for it to load. */
    public static LlamaServer launch(Path binary, Path model, List<String> args) {
        return launch(binary, model, args, GatewayHarness.freePort());
    }

    /** The same on a port the caller chose (e.g. one a gateway already points at). */
    public static LlamaServer launch(Path binary, Path model, List<String> args, int port) {
        List<String> command = new ArrayList<>(List.of(binary.toString(), "-m", model.toString(),
                "--host", "127.0.0.1", "--port", String.valueOf(port)));
        command.addAll(args);
        try {
            Path log = Files.createTempFile("llama-server-" + port + "-", ".log");
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new LlamaServer(process, port, log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** {@link #launch} and wait until {@code /health} answers 200. */
    public static LlamaServer start(Path binary, Path model, List<String> args, Duration readyWithin) {
        LlamaServer server = launch(binary, model, args);
        try {
            Awaitility.await("llama-server ready").atMost(readyWithin).pollInterval(Duration.ofMillis(50))
                    .until(() -> server.health() == 200 || !server.process.isAlive());
        } catch (ConditionTimeoutException e) {
            // reported below with the server's output
        }
        if (server.health() != 200) {
            String output = server.output();
            server.close();
            throw new IllegalStateException("llama-server did not become ready: " + output);
        }
        return server;
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The status of GET /health, 0 while nothing answers. */
    public int health() {
        return status("/health");
    }

    /** The status of a GET, 0 while nothing answers. */
    public int status(String path) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(baseUrl() + path))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** GET {@code path}'s body (e.g. /slots), empty when nothing answers. */
    public String get(String path) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(baseUrl() + path))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** What the server printed so far (for failure messages). */
    public String output() {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() > 4_000 ? "..." + text.substring(text.length() - 4_000) : text;
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
