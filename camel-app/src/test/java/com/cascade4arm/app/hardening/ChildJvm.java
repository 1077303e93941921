package com.cascade4arm.app.hardening;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A main class of the test classpath in its own JVM, its output in a file, so a test can SIGKILL it
 * ({@code destroyForcibly}) at a moment of its choosing — no shutdown hook, no flush, no cleanup — or SIGTERM it.
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path output;

    private ChildJvm(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static ChildJvm start(Class<?> mainClass, Path output, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+IgnoreUnrecognizedVMOptions", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile())).start();
        return new ChildJvm(process, output);
    }

    /** Everything the child wrote so far. */
    String output() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGTERM, as systemd and Kubernetes stop a process: its shutdown hooks run. */
    void terminate() {
        process.destroy();
    }

    /** Waits up to {@code timeout} for the process to end; true when it did. */
    boolean awaitExit(java.time.Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** kill -9. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("child JVM did not die");
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
