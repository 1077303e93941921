package com.cascade4arm.host.llamaserver;

import com.cascade4arm.host.child.ChildGuard;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/** A llama-server executable and the flags its build understands (asked once per path with {@code --help}). */
public record LlamaServerBinary(Path path, LlamaServerFlags flags) {

    /** The executable's name looked for on the PATH. */
    public static final String EXECUTABLE = "llama-server";
    static final long HELP_TIMEOUT_MS = 15_000;
    private static final ConcurrentMap<Path, LlamaServerBinary> PROBED = new ConcurrentHashMap<>();

    /** The first executable {@code llama-server} on {@code pathVariable} (e.g. the PATH environment variable). */
    public static Optional<Path> onPath(String pathVariable) {
        if (pathVariable == null || pathVariable.isBlank()) {
            return Optional.empty();
        }
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, EXECUTABLE);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** True where a llama-server can be supervised: a POSIX shell runs the watchdog that never leaves it orphaned. */
    public static boolean supervisable() {
        return ChildGuard.supervisable();
    }

    /** Runs {@code path --help} (once per path) and reads its flags; errors say what is wrong with the binary. */
    public static LlamaServerBinary probe(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!Files.isRegularFile(absolute) || !Files.isExecutable(absolute)) {
            throw new IllegalArgumentException("llama-server must be an executable file, but was '" + path + "'");
        }
        return PROBED.computeIfAbsent(absolute, p -> new LlamaServerBinary(p, LlamaServerFlags.fromHelp(help(p))));
    }

    private static String help(Path binary) {
        Path output = null;
        try {
            output = Files.createTempFile("llama-server-help", ".txt");
            Process process = new ProcessBuilder(binary.toString(), "--help").redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(HELP_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(binary + " --help did not finish within " + HELP_TIMEOUT_MS + " ms");
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            if (!text.contains("--port")) {
                throw new IllegalStateException(binary + " does not look like llama-server: its --help (exit code "
                        + process.exitValue() + ") lists no --port");
            }
            return text;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + binary + " --help: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking " + binary + " for its flags", e);
        } finally {
            deleteQuietly(output);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a leftover temporary file is harmless
            }
        }
    }
}
