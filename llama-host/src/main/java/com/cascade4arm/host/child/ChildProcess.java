package com.cascade4arm.host.child;

import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.host.proxy.HealthProbe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** One running child (llama-server or a host JVM) under its watchdog ({@link ChildGuard}): URL, health, output, exit. */
final class ChildProcess {

    static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(2);
    /** How long a clean stop waits for the child after asking it to stop, before killing it. */
    static final long STOP_GRACE_MS = 10_000;

    private final Process process;
    private final Path binary;
    private final URI baseUrl;
    private final ChildOutput output;
    private final long startedNanos = System.nanoTime();
    private volatile ProcessHandle server;

    private ChildProcess(Process process, Path binary, URI baseUrl, ChildOutput output) {
        this.process = process;
        this.binary = binary;
        this.baseUrl = baseUrl;
        this.output = output;
    }

    /** Starts {@code command} under the watchdog, pinned to {@code cpus} (null: any CPU); it listens on {@code port}. */
    static ChildProcess launch(List<String> command, int port, CpuSet cpus, String alias, String kind) {
        ProcessBuilder builder = new ProcessBuilder(ChildGuard.wrap(command)).redirectErrorStream(true);
        Process process = ThreadAffinity.runPinned(cpus, () -> {
            try {
                return builder.start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
            }
        });
        ChildOutput output = ChildOutput.follow(process.getInputStream(), alias, kind);
        return new ChildProcess(process, realPath(Path.of(command.get(0))),
                URI.create("http://" + ChildCommand.CHILD_HOST + ":" + port), output);
    }

    URI baseUrl() {
        return baseUrl;
    }

    /** The child process itself (a child of the watchdog), or null when it is not running. */
    ProcessHandle server() {
        ProcessHandle known = server;
        if (known == null) {
            known = process.children()
                    .filter(child -> child.info().command().map(command -> realPath(Path.of(command)).equals(binary))
                            .orElse(false))
                    .findFirst().orElse(null);
            server = known;
        }
        return known;
    }

    /** The child's process id, or the watchdog's while the server is not found yet. */
    long pid() {
        ProcessHandle handle = server();
        return handle != null ? handle.pid() : process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Milliseconds since the launch. */
    long uptimeMs() {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }

    /** Completes with the exit status when the child (and so its watchdog) has ended. */
    CompletableFuture<Integer> exited() {
        return process.onExit().thenApply(Process::exitValue);
    }

    /** True when {@code /health} answers 200 (llama-server and our host answer 503 while they load the model). */
    boolean healthy(HealthProbe probe) {
        return probe.healthy(baseUrl.resolve("/health"), null);
    }

    /** Why it ended, for the log: exit status and the last telling line of its output. */
    String exitReason(int status) {
        output.awaitEnd(1_000);
        String signal = status > 128 && status < 160 ? " (signal " + (status - 128) + ")" : "";
        String line = output.reason();
        return "exit code " + status + signal + (line.isEmpty() ? "" : ": " + line);
    }

    /** After the watchdog itself was killed (SIGKILL), the server it guarded may be left: kill it. */
    void killLeftover() {
        ProcessHandle handle = server;
        if (handle != null && handle.isAlive()) {
            handle.destroyForcibly();
        }
    }

    /** Stops the child: closing the watchdog's stdin asks it to SIGTERM the child; after a grace period, SIGKILL. */
    void stop() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed: the watchdog has seen EOF
        }
        try {
            if (!process.waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        killLeftover();
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
