package com.cascade4arm.app.hardening;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A main class of the test classpath in its own JVM, its output in a file, so a test can SIGKILL it
 * ({@code destroyForcibly}) at a moment of its choosing — no shutdown hook, no flush, no cleanup — SIGTERM it, or
 * press Ctrl-C. {@link #startCommand} runs any command line instead (the packaged jar as a user starts it).
 */
public final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path output;

    private ChildJvm(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static ChildJvm start(Class<?> mainClass, Path output, String... args) throws IOException {
        return start(List.of(), mainClass, output, args);
    }

    /**
     * The JVM as the leader of a session (and process group) of its own, as a shell in a terminal starts it: every
     * process it starts is in that group, and {@link #interruptGroup()} is Ctrl-C. Needs util-linux's setsid.
     */
    static ChildJvm startInOwnSession(Class<?> mainClass, Path output, String... args) throws IOException {
        return start(List.of("setsid"), mainClass, output, args);
    }

    private static ChildJvm start(List<String> prefix, Class<?> mainClass, Path output, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+IgnoreUnrecognizedVMOptions", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile())).start();
        return new ChildJvm(process, output);
    }

    /**
     * {@code command} as given (e.g. {@code java … -jar camel-app.jar}) in {@code workDir} with exactly
     * {@code environment} (nothing inherited beyond it), its output appended to {@code output}.
     */
    public static ChildJvm startCommand(List<String> command, Map<String, String> environment, Path workDir,
                                        Path output) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
        builder.environment().clear();
        builder.environment().putAll(environment);
        return new ChildJvm(builder.start(), output);
    }

    /** Ctrl-C in the terminal: SIGINT to every process of the group (this JVM's, by {@link #startInOwnSession}). */
    void interruptGroup() throws IOException, InterruptedException {
        int status = new ProcessBuilder("kill", "-INT", "--", "-" + process.pid()).inheritIO().start().waitFor();
        if (status != 0) {
            throw new IllegalStateException("kill -INT -" + process.pid() + " exited " + status);
        }
    }

    /**
     * The processes still running in this JVM's session (itself included), from ps: "pid state command" each.
     * Zombies are left out: they run nothing, and an init that reaps slowly (some containers) keeps them listed.
     */
    List<String> sessionProcesses() throws IOException, InterruptedException {
        Process ps = new ProcessBuilder("ps", "-o", "pid=,stat=,comm=", "-s", Long.toString(process.pid()))
                .redirectErrorStream(true).start();
        String listed = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        ps.waitFor();
        return listed.lines().map(String::trim).filter(line -> !line.isEmpty())
                .filter(line -> !line.split("\\s+")[1].startsWith("Z")).toList();
    }

    /** The processes this JVM started that are still running (its children's children included). */
    List<ProcessHandle> descendants() {
        return process.descendants().toList();
    }

    /** Everything the child wrote so far. */
    public String output() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** SIGTERM, as systemd and Kubernetes stop a process: its shutdown hooks run. */
    public void terminate() {
        process.destroy();
    }

    /** Waits up to {@code timeout} for the process to end; true when it did. */
    public boolean awaitExit(java.time.Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The exit status; only once the process ended. */
    public int exitValue() {
        return process.exitValue();
    }

    /** kill -9. */
    public void kill() throws InterruptedException {
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
