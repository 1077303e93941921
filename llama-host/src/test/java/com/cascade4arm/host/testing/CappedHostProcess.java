package com.cascade4arm.host.testing;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.child.ChildGuard;
import com.cascade4arm.host.child.HostProcessCommand;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * Our host in a JVM of its own (the command line the supervised child runs, {@link HostProcessCommand}) started under
 * util-linux's {@code prlimit --as}, so a request that makes native code swell ends in a failed allocation inside a
 * capped process instead of waking the machine's OOM killer. Unlike the supervisor it never restarts a dead child: a
 * restart would run uncapped.
 */
public final class CappedHostProcess implements AutoCloseable {

    public static final Path PRLIMIT = Path.of("/usr/bin/prlimit");
    /** JVM settings that keep the child's address space small, so the cap can sit close above it. */
    static final List<String> SMALL_JVM = List.of("-Xmx64m", "-Xss512k", "-XX:ReservedCodeCacheSize=32m",
            "-XX:MaxMetaspaceSize=96m", "-XX:CompressedClassSpaceSize=64m", "-XX:+UseSerialGC",
            "-XX:CICompilerCount=2");
    /** glibc reserves 64 MiB of address space per malloc arena, up to 8 per CPU by default. */
    static final String MALLOC_ARENAS = "2";
    static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final String KEY = "capped-child-key";

    private final HostProcessCommand command;
    private final Process watchdog;
    private final ProcessHandle java;
    private final HostClient client;

    private CappedHostProcess(HostProcessCommand command, Process watchdog, ProcessHandle java, HostClient client) {
        this.command = command;
        this.watchdog = watchdog;
        this.java = java;
        this.client = client;
    }

    /** Starts {@code config}'s host capped at {@code capBytes} of address space and waits until it answers /health. */
    public static CappedHostProcess start(HostConfig config, long capBytes, Path log) {
        HostProcessCommand base = HostProcessCommand.of(config);
        List<String> options = new ArrayList<>(base.javaOptions());
        options.addAll(SMALL_JVM);
        HostProcessCommand command = new HostProcessCommand(config, base.java(), base.classPath(), options,
                base.nativeDir());
        int port = freePort();
        List<String> line = new ArrayList<>(List.of(PRLIMIT.toString(), "--as=" + capBytes));
        line.addAll(command.build(port, KEY));
        ProcessBuilder builder = new ProcessBuilder(ChildGuard.wrap(line)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("MALLOC_ARENA_MAX", MALLOC_ARENAS);
        Process watchdog;
        try {
            watchdog = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HostClient client = new HostClient(URI.create("http://127.0.0.1:" + port), KEY);
        Path javaBinary = realPath(base.java());
        ProcessHandle java = await().atMost(START_TIMEOUT).until(() -> watchdog.descendants()
                .filter(p -> p.info().command().map(c -> realPath(Path.of(c)).equals(javaBinary)).orElse(false))
                .findFirst().orElse(null), p -> p != null || !watchdog.isAlive());
        CappedHostProcess host = new CappedHostProcess(command, watchdog, java, client);
        if (java == null) {
            host.close();
            throw new IllegalStateException("the capped host died at start; see " + log);
        }
        await().atMost(START_TIMEOUT).until(() -> !java.isAlive() || healthy(client));
        if (!java.isAlive()) {
            host.close();
            throw new IllegalStateException("the capped host died while loading; see " + log);
        }
        return host;
    }

    public HostClient client() {
        return client;
    }

    public ProcessHandle process() {
        return java;
    }

    /** Lowers (or raises) the running child's address-space cap, soft and hard. */
    public void recap(long capBytes) {
        try {
            Process prlimit = new ProcessBuilder(PRLIMIT.toString(), "--pid", String.valueOf(java.pid()),
                    "--as=" + capBytes).redirectErrorStream(true).start();
            String output = new String(prlimit.getInputStream().readAllBytes());
            if (!prlimit.waitFor(10, TimeUnit.SECONDS) || prlimit.exitValue() != 0) {
                throw new IllegalStateException("prlimit failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A figure of the child's /proc status in bytes: "VmHWM" (peak resident), "VmPeak" (peak address space). */
    public long statusBytes(String field) {
        try {
            for (String row : Files.readAllLines(Path.of("/proc", String.valueOf(java.pid()), "status"))) {
                if (row.startsWith(field + ":")) {
                    return Long.parseLong(row.substring(field.length() + 1).replace("kB", "").trim()) * 1024;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("no /proc status for pid " + java.pid(), e);
        }
        throw new IllegalStateException(field + " not in /proc/" + java.pid() + "/status");
    }

    /** Closing the watchdog's stdin asks it to stop the child; whatever is left after the grace period is killed. */
    @Override
    public void close() {
        try {
            watchdog.getOutputStream().close();
            if (!watchdog.waitFor(10, TimeUnit.SECONDS)) {
                watchdog.descendants().forEach(ProcessHandle::destroyForcibly);
                watchdog.destroyForcibly();
            }
        } catch (IOException e) {
            watchdog.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (java != null) {
                java.destroyForcibly();
            }
            command.release();
        }
    }

    private static boolean healthy(HostClient client) {
        try {
            return client.get("/health").statusCode() == 200;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
