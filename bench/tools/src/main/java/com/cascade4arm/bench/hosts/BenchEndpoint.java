package com.cascade4arm.bench.hosts;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A model endpoint for HostBench: this project's in-process host, or a real llama-server process started from a binary
 * (so the same figures can be taken on both). Either way it is a URL speaking the llama-server API.
 */
final class BenchEndpoint implements AutoCloseable {
    static final Duration READY_TIMEOUT = Duration.ofMinutes(5);
    static final int CONTEXT_TOKENS = 4_096;

    private final URI url;
    private final LlamaHost host;
    private final Process process;

    private BenchEndpoint(URI url, LlamaHost host, Process process) {
        this.url = url;
        this.host = host;
        this.process = process;
    }

    /** Starts {@code config} in this JVM, or as a llama-server process when {@code llamaServer} is not null. */
    static BenchEndpoint start(HostConfig config, Path llamaServer) {
        if (llamaServer == null) {
            LlamaHost host = LlamaHost.start(config.withCtxSize(CONTEXT_TOKENS));
            host.awaitReady(READY_TIMEOUT);
            return new BenchEndpoint(host.baseUrl(), host, null);
        }
        try {
            int port = freePort();
            List<String> command = new ArrayList<>(List.of(llamaServer.toString(), "-m", config.model().toString(),
                    "--port", String.valueOf(port), "-c", String.valueOf(CONTEXT_TOKENS), "-np", "1",
                    "-t", String.valueOf(config.threads()), "--alias", config.alias()));
            if (config.draftModel() != null) {
                command.addAll(draftFlags(llamaServer, config));
            }
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(Files.createTempFile("llama-server-", ".log").toFile()).start();
            URI url = URI.create("http://127.0.0.1:" + port);
            awaitHealthy(url, process);
            return new BenchEndpoint(url, null, process);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    URI url() {
        return url;
    }

    @Override
    public void close() {
        if (host != null) {
            host.close();
        }
        if (process != null) {
            process.destroy();
        }
    }

    /** Builds since mid-2025 name the settings --spec-draft-* and need --spec-type; older ones take --draft-*. */
    private static List<String> draftFlags(Path llamaServer, HostConfig config) throws IOException {
        Process help = new ProcessBuilder(llamaServer.toString(), "--help").redirectErrorStream(true).start();
        boolean specType = new String(help.getInputStream().readAllBytes()).contains("--spec-type");
        String max = String.valueOf(config.draftMax());
        String min = String.valueOf(config.draftMin());
        String pMin = String.valueOf(config.draftPMin());
        return specType
                ? List.of("-md", config.draftModel().toString(), "--spec-type", "draft-simple", "--spec-draft-n-max", max,
                        "--spec-draft-n-min", min, "--spec-draft-p-min", pMin)
                : List.of("-md", config.draftModel().toString(), "--draft-max", max, "--draft-min", min, "--draft-p-min", pMin);
    }

    private static void awaitHealthy(URI url, Process process) {
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                HttpResponse<Void> response = client.send(HttpRequest.newBuilder(url.resolve("/health")).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            // polling a child process that offers no readiness signal other than /health
            java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        }
        process.destroy();
        throw new IllegalStateException("llama-server at " + url + " did not become healthy");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
