package com.cascade4arm.host.inference;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Redirects the process's native stderr (file descriptor 2) into a pipe read by a daemon thread, line by line.
 * Needed because de.kherud:llama 4.2.0 ignores {@code LlamaModel.setLogger} for llama.cpp's server logs: they go
 * through llama.cpp's {@code common_log} straight to fd 2. Java's own {@code System.err} keeps writing to the original
 * stderr (a duplicate of it): otherwise a log appender on System.err would feed its own lines back into the capture
 * (an endless loop for lines that look like problems). Linux and macOS only (libc via JNA).
 */
final class NativeStderrCapture {

    private static final Logger LOG = LoggerFactory.getLogger(NativeStderrCapture.class);
    private static final int STDERR_FD = 2;
    private static final int READ_BUFFER_BYTES = 64 * 1024;

    /** The few libc calls needed to swap fd 2 for a pipe. */
    interface LibC extends Library {
        int pipe(int[] fds);

        int dup(int fd);

        int dup2(int oldFd, int newFd);

        int close(int fd);

        NativeLong read(int fd, byte[] buffer, NativeLong count);
    }

    /** Receives each line; {@code sameChunk} tells whether it began in the same read as the previous line ended. */
    interface LineSink {
        void accept(String line, boolean sameChunk);
    }

    private NativeStderrCapture() {
    }

    /** Starts capturing and feeds each line to {@code lines}; returns false (and changes nothing) if impossible. */
    static boolean start(LineSink lines) {
        if (System.getProperty("os.name", "").toLowerCase().startsWith("windows")) {
            return false;
        }
        try {
            LibC libc = Native.load("c", LibC.class);
            int[] fds = new int[2];
            if (libc.pipe(fds) != 0) {
                return false;
            }
            int original = libc.dup(STDERR_FD);
            if (libc.dup2(fds[1], STDERR_FD) < 0) {
                libc.close(fds[0]);
                libc.close(fds[1]);
                return false;
            }
            libc.close(fds[1]);
            keepJavaStderrOn(original);
            Thread reader = new Thread(() -> pump(libc, fds[0], lines), "llama-stderr-reader");
            reader.setDaemon(true);
            reader.start();
            return true;
        } catch (LinkageError | RuntimeException e) {
            LOG.warn("cannot capture native stderr, llama.cpp logs stay on stderr and draft statistics are off: {}",
                    e.toString());
            return false;
        }
    }

    /** Points System.err at {@code fd}, the duplicate of the original stderr (kept open for the JVM's lifetime). */
    private static void keepJavaStderrOn(int fd) {
        if (fd < 0) {
            return;
        }
        String path = (System.getProperty("os.name", "").toLowerCase().startsWith("mac") ? "/dev/fd/" : "/proc/self/fd/")
                + fd;
        try {
            System.setErr(new PrintStream(new FileOutputStream(path, true), true, StandardCharsets.UTF_8));
        } catch (IOException | SecurityException e) {
            LOG.debug("System.err stays on the captured stderr: {}", e.toString());
        }
    }

    private static void pump(LibC libc, int fd, LineSink lines) {
        byte[] buffer = new byte[READ_BUFFER_BYTES];
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        NativeLong capacity = new NativeLong(buffer.length);
        boolean atLineStart = true;
        boolean sameChunk = false;
        while (true) {
            long read = libc.read(fd, buffer, capacity).longValue();
            if (read <= 0) {
                return;
            }
            boolean newlineSeen = false;
            for (int i = 0; i < read; i++) {
                if (atLineStart) {
                    sameChunk = newlineSeen;
                    atLineStart = false;
                }
                if (buffer[i] == '\n') {
                    deliver(lines, line.toString(StandardCharsets.UTF_8), sameChunk);
                    line.reset();
                    atLineStart = true;
                    newlineSeen = true;
                } else {
                    line.write(buffer[i]);
                }
            }
        }
    }

    private static void deliver(LineSink lines, String line, boolean sameChunk) {
        try {
            lines.accept(line, sameChunk);
        } catch (RuntimeException e) {
            LOG.debug("llama.cpp log line handler failed on '{}'", line, e);
        }
    }
}
