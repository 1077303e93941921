package com.cascade4arm.host.inference;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Direct control of llama.cpp's global logger ({@code common_log}) through functions libjllama exports. Its state is
 * JVM-wide and any model load can change it: {@code ModelParameters.disableLog()} pauses it for good and flags reset
 * verbosity, which would silently stop the draft statistics. Drafted hosts therefore re-assert "running, level
 * prefixes, debug lines" before each generation. Linux only (the library is found via /proc/self/maps); elsewhere
 * this is a no-op and the load-time flags are all there is.
 */
final class LlamaNativeLog {

    private static final Logger LOG = LoggerFactory.getLogger(LlamaNativeLog.class);
    private static final Path PROCESS_MAPS = Path.of("/proc/self/maps");
    private static final Object LOCK = new Object();
    private static Functions functions;
    private static boolean resolved;

    private LlamaNativeLog() {
    }

    /** Resumes the logger and turns on level prefixes; leaves the verbosity alone. */
    static void keepLoggingOn() {
        adjust(null);
    }

    /** As {@link #keepLoggingOn()}, and lets debug lines (draft acceptance) through. */
    static void keepDraftLoggingOn(int verbosity) {
        adjust(verbosity);
    }

    private static void adjust(Integer verbosity) {
        Functions f = functions();
        if (f == null) {
            return;
        }
        try {
            Pointer log = f.main.invokePointer(new Object[0]);
            f.resume.invokeVoid(new Object[] {log});
            f.setPrefix.invokeVoid(new Object[] {log, Boolean.TRUE});
            if (verbosity != null) {
                f.setVerbosity.invokeVoid(new Object[] {verbosity});
            }
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("cannot adjust llama.cpp logging: {}", e.toString());
        }
    }

    private static Functions functions() {
        synchronized (LOCK) {
            if (!resolved) {
                resolved = true;
                functions = resolve();
            }
            return functions;
        }
    }

    private static Functions resolve() {
        try {
            Optional<String> path = loadedJllama();
            if (path.isEmpty()) {
                return null;
            }
            NativeLibrary jllama = NativeLibrary.getInstance(path.get());
            return new Functions(jllama.getFunction("_Z15common_log_mainv"),
                    jllama.getFunction("_Z17common_log_resumeP10common_log"),
                    jllama.getFunction("_Z21common_log_set_prefixP10common_logb"),
                    jllama.getFunction("_Z30common_log_set_verbosity_tholdi"));
        } catch (IOException | RuntimeException | LinkageError e) {
            LOG.debug("llama.cpp logger functions not found: {}", e.toString());
            return null;
        }
    }

    private static Optional<String> loadedJllama() throws IOException {
        if (!Files.isReadable(PROCESS_MAPS)) {
            return Optional.empty();
        }
        try (var lines = Files.lines(PROCESS_MAPS)) {
            return lines.map(line -> line.substring(line.lastIndexOf(' ') + 1))
                    .filter(path -> path.endsWith("libjllama.so"))
                    .findFirst();
        }
    }

    /** common_log_main(), common_log_resume(log), common_log_set_prefix(log, bool), set_verbosity_thold(int). */
    private record Functions(Function main, Function resume, Function setPrefix, Function setVerbosity) {
    }
}
