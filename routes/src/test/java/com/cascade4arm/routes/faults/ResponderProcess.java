package com.cascade4arm.routes.faults;

import com.cascade4arm.standins.upstream.InstantResponder;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * test-support's InstantResponder in a child JVM (the test's own classpath), so a test can kill it for real
 * ({@code destroyForcibly}, i.e. SIGKILL) in the middle of a stream and start it again on the same port.
 */
final class ResponderProcess implements AutoCloseable {
    private static final long START_TIMEOUT_SECONDS = 30;

    private final Process process;

    private ResponderProcess(Process process) {
        this.process = process;
    }

    /** Starts {@code InstantResponder <port> <flags>} and returns once it listens. */
    static ResponderProcess start(int port, String... flags) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(javaExecutable(), "-Xmx128m", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), InstantResponder.class.getName(), String.valueOf(port)));
        command.addAll(List.of(flags));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CountDownLatch listening = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.contains("listening on")) {
                        listening.countDown();
                    }
                }
            } catch (IOException ended) {
                // the process is gone
            }
        }, "responder-process-output");
        reader.setDaemon(true);
        reader.start();
        if (!listening.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the responder process did not start listening on port " + port);
        }
        return new ResponderProcess(process);
    }

    /** SIGKILL: no shutdown hook, no FIN from the application — the sockets die with the process. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
