package com.cascade4arm.bench.hosts;

import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.ModelHosts;
import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.host.child.ChildGuard;
import com.cascade4arm.host.llamaserver.LlamaServerBinary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The endpoints the engine benchmarks compare, each started ready to serve: our host on either engine, and a plain
 * llama-server process started with the same model settings (the reference; output discarded).
 */
final class BenchEndpoints {

    static final Duration READY_TIMEOUT = Duration.ofMinutes(5);
    private static final long POLL_MS = 100;

    private BenchEndpoints() {
    }

    /** Our host on {@code engine}, ready. */
    static ModelEndpointServer host(HostConfig config, Engine engine, Path llamaServer) {
        return host(config, engine, llamaServer, false);
    }

    /** Like {@link #host(HostConfig, Engine, Path)}; {@code ownProcess}: a JNI host in a JVM of its own. */
    static ModelEndpointServer host(HostConfig config, Engine engine, Path llamaServer, boolean ownProcess) {
        ModelEndpointServer server = ModelHosts.start(config.withEngine(engine, llamaServer), ownProcess);
        try {
            server.awaitReady(READY_TIMEOUT);
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** A plain llama-server with {@code config}'s model, draft, context, slots, threads and CPUs, ready. */
    static RawServer raw(HostConfig config, Path binary) {
        LlamaServerBinary server = LlamaServerBinary.probe(binary);
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(server.path().toString(), "-m", config.model().toString(),
                "--host", "127.0.0.1", "--port", String.valueOf(port), "-c", String.valueOf(config.ctxSize()),
                "-np", String.valueOf(config.parallel()), "-t", String.valueOf(config.threads()), "--metrics"));
        if (config.draftModel() != null) {
            command.addAll(server.flags().draftArguments(config.draftModel().toString(), config.draftMax(),
                    config.draftMin(), config.draftPMin()));
        }
        // under the watchdog: a bench stopped by a signal leaves no server behind
        ProcessBuilder builder = new ProcessBuilder(ChildGuard.wrap(command)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process process = ThreadAffinity.runPinned(config.cpus(), () -> {
            try {
                return builder.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        RawServer raw = new RawServer(process, URI.create("http://127.0.0.1:" + port));
        raw.awaitHealthy();
        return raw;
    }

    /** A llama-server process we started directly; {@link #close()} ends it. */
    record RawServer(Process process, URI baseUrl) implements AutoCloseable {

        void awaitHealthy() {
            long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("llama-server exited with " + process.exitValue());
                }
                try {
                    if (Completions.health(baseUrl)) {
                        return;
                    }
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            close();
            throw new IllegalStateException("llama-server at " + baseUrl + " not healthy within " + READY_TIMEOUT);
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
